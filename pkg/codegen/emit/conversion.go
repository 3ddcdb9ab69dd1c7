package emit

import (
	"fmt"
	"go/token"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/dave/dst"
)

// convGen generates the conversions of one resource family to its kind's hub: ConvertTo and
// ConvertFrom on the resource, and a pair of AssignProperties methods for every object pair met
// on the way, matched by property name.
type convGen struct {
	e       *pkgEmitter
	hub     *astmodel.Package
	pending []objPair
	decls   []dst.Decl
	err     error
}

// objPair is an object of this package and the hub object it converts to and from.
type objPair struct {
	src *astmodel.Object
	hub *astmodel.Object
}

// pairKey identifies a pair by names: the source object's (in the emitter's package) and the
// hub object's.
type pairKey struct {
	src string
	hub astmodel.TypeName
}

func (p objPair) key() pairKey { return pairKey{p.src.Name.Name, p.hub.Name} }

// conversionFile renders <kind>_conversion_gen.go.
func (e *pkgEmitter) conversionFile(fam *family, kind *astmodel.Kind) (*goFile, error) {
	hubPkg, ok := e.model.Packages[kind.Hub]
	if !ok {
		return nil, fmt.Errorf("%s: hub package %s of %s is missing", e.pkg.Ref, kind.Hub, kind.Name)
	}
	hubRes, ok := hubPkg.Definitions[kind.Name].(*astmodel.Resource)
	if !ok {
		return nil, fmt.Errorf("%s: hub package %s has no resource %s", e.pkg.Ref, kind.Hub, kind.Name)
	}
	g := &convGen{e: e, hub: hubPkg}
	g.enqueue(fam.spec, hubRes.Spec)
	g.enqueue(fam.status, hubRes.Status)
	if g.err != nil {
		return nil, g.err
	}
	g.decls = g.resourceConversions(fam, hubRes)
	for len(g.pending) > 0 && g.err == nil {
		next := g.pending[0]
		g.pending = g.pending[1:]
		g.decls = append(g.decls, g.objectConversions(next)...)
	}
	if g.err != nil {
		return nil, g.err
	}
	f := e.newFile(conversionFileName(fam))
	f.Alias(e.importPath(kind.Hub), hubAlias)
	f.Add(g.decls...)
	return f, nil
}

// enqueue schedules the conversion methods between src and the named hub object.
func (g *convGen) enqueue(src *astmodel.Object, hubName astmodel.TypeName) {
	hubObj, ok := g.hub.Object(hubName.Name)
	if !ok || hubName.Package != g.hub.Ref {
		g.err = fmt.Errorf("%s: %s converts to %s, which is not an object of the hub", g.e.pkg.Ref, src.Name.Name, hubName)
		return
	}
	p := objPair{src: src, hub: hubObj}
	if k := p.key(); !g.e.convDone[k] {
		g.e.convDone[k] = true
		g.pending = append(g.pending, p)
	}
}

// pairFor returns the objects a property of type srcType/hubType converts between, if both are objects.
func (g *convGen) pairFor(srcType, hubType astmodel.TypeName) (*astmodel.Object, bool) {
	src, ok := g.e.pkg.Object(srcType.Name)
	if !ok || srcType.Package != g.e.pkg.Ref {
		return nil, false
	}
	if _, ok := g.hub.Object(hubType.Name); !ok || hubType.Package != g.hub.Ref {
		return nil, false
	}
	return src, true
}

func (g *convGen) toName(src, hub *astmodel.Object) string {
	return "AssignProperties_To_" + g.e.assignSuffix(src, hub)
}

func (g *convGen) fromName(src, hub *astmodel.Object) string {
	return "AssignProperties_From_" + g.e.assignSuffix(src, hub)
}

// assignSuffix names the conversion methods between src and a hub object: the hub object's name,
// qualified by the hub's version when src already converts to a same-named object of another hub
// (two kinds of a group sharing an object but not their hub). Methods are emitted once per
// package, in the first family that needs them.
func (e *pkgEmitter) assignSuffix(src, hub *astmodel.Object) string {
	key := objPair{src: src, hub: hub}.key()
	if s, ok := e.convNames[key]; ok {
		return s
	}
	s := hub.Name.Name
	if other, taken := e.convTaken[src.Name.Name+"/"+s]; taken && other != key {
		s += "_" + hub.Name.Package.KubeVersion()
	}
	e.convNames[key], e.convTaken[src.Name.Name+"/"+s] = s, key
	return s
}

// resourceConversions implement conversion.Convertible for the resource.
func (g *convGen) resourceConversions(fam *family, hubRes *astmodel.Resource) []dst.Decl {
	r := fam.resource
	hubType := g.e.nameExpr(hubRes.Name)
	kind := r.Kind()
	return []dst.Decl{
		assertion(qual(conversionPath, "Convertible"), kind),
		convertMethod("ConvertTo", "destination", kind, hubType, "AssignProperties_To_"+kind,
			"ConvertTo converts this "+kind+" to the hub version."),
		convertMethod("ConvertFrom", "source", kind, dst.Clone(hubType).(dst.Expr), "AssignProperties_From_"+kind,
			"ConvertFrom populates this "+kind+" from the hub version."),
		g.resourceAssign(fam, hubRes, true),
		g.resourceAssign(fam, hubRes, false),
	}
}

func convertMethod(name, local, kind string, hubType dst.Expr, assignName, doc string) dst.Decl {
	cast := &dst.TypeAssertExpr{X: id("h"), Type: ptrType(hubType)}
	failure := call(qual(errorsPath, "Errorf"), str("expected the hub of "+kind+" but got %T"), id("h"))
	return method{recv: "r", recvType: ptrType(id(kind)), name: name, doc: []string{doc},
		params:  []param{{"h", qual(conversionPath, "Hub")}},
		results: []param{{"", id("error")}},
		body: []dst.Stmt{
			&dst.AssignStmt{Lhs: []dst.Expr{id(local), id("ok")}, Tok: token.DEFINE, Rhs: []dst.Expr{cast}},
			ifStmt(&dst.UnaryExpr{Op: token.NOT, X: id("ok")}, []dst.Stmt{ret(failure)}),
			ret(call(sel(id("r"), assignName), id(local))),
		}}.decl()
}

// resourceAssign copies metadata, spec and status to (or from) the hub resource.
func (g *convGen) resourceAssign(fam *family, hubRes *astmodel.Resource, to bool) dst.Decl {
	r := fam.resource
	hubSpec, _ := g.hub.Object(hubRes.Spec.Name)
	hubStatus, _ := g.hub.Object(hubRes.Status.Name)
	nameOf := g.toName
	other, name := "destination", "AssignProperties_To_"+r.Kind()
	doc := name + " copies this " + r.Kind() + " into the hub's " + r.Kind() + ", property by property."
	metaFrom, metaTo := field("r", "ObjectMeta"), field(other, "ObjectMeta")
	if !to {
		other, name, nameOf = "source", "AssignProperties_From_"+r.Kind(), g.fromName
		metaFrom, metaTo = field(other, "ObjectMeta"), field("r", "ObjectMeta")
		doc = name + " populates this " + r.Kind() + " from the hub's " + r.Kind() + ", property by property."
	}
	body := []dst.Stmt{assign(metaTo, star(call(sel(metaFrom, "DeepCopy"))))}
	parts := []struct {
		field    string
		src, hub *astmodel.Object
	}{{"Spec", fam.spec, hubSpec}, {"Status", fam.status, hubStatus}}
	for _, part := range parts {
		c := call(field("r", part.field, nameOf(part.src, part.hub)), addr(field(other, part.field)))
		body = append(body, ifErr(c, wrapErr("converting "+part.field)))
	}
	if !g.e.pkg.Ref.Storage {
		body = append(body, g.hubOnlySpec(fam, hubSpec, to)...)
		if to { // the hub remembers the API version the object was written at
			body = append(body, assign(field(other, "Spec", astmodel.OriginalVersionName), field("GroupVersion", "Version")))
		}
	}
	body = append(body, ret(nilExpr()))
	return method{recv: "r", recvType: ptrType(id(r.Kind())), name: name,
		doc:     []string{doc},
		params:  []param{{other, ptrType(g.e.nameExpr(hubRes.Name))}},
		results: []param{{"", id("error")}},
		body:    body}.decl()
}

// hubOnlySpec carries the hub's spec properties this API version lacks through an annotation
// (genruntime.HubOnlyAnnotation): converting from the hub keeps them there, converting back
// restores them, so a read-modify-write at an older version loses nothing.
func (g *convGen) hubOnlySpec(fam *family, hubSpec *astmodel.Object, to bool) []dst.Stmt {
	var props []astmodel.Property
	for _, h := range hubOnly(fam.spec, hubSpec) {
		if h.Name != astmodel.OriginalVersionName {
			props = append(props, h)
		}
	}
	c := g.newConvFunc(to)
	if to {
		return g.restoreHubOnly(c, props)
	}
	stmts := []dst.Stmt{define(bagVar, call(qual(genruntimePath, "NewPropertyBag")))}
	for _, h := range props {
		stmts = append(stmts, c.addToBag(h.Name, field("source", "Spec", h.Name), isPointer(h, true) || isNillable(h.Type))...)
	}
	keep := []dst.Expr{id(bagVar), field("source", "Spec", astmodel.PropertyBagName)}
	for _, name := range g.bagged(fam.spec, hubSpec) {
		keep = append(keep, str(name))
	}
	stmts = append(stmts, ifErr(call(qual(genruntimePath, "KeepHubBag"), keep...), wrapErr("keeping the hub's property bag")))
	store := call(qual(genruntimePath, "SetHubOnlyProperties"), addr(field("r", "ObjectMeta")), id(bagVar))
	return append(stmts, ifErr(store, wrapErr("keeping the hub-only properties")))
}

// bagged lists the properties of src the hub keeps in its property bag (no compatible counterpart).
func (g *convGen) bagged(src, hub *astmodel.Object) []string {
	var names []string
	for _, sp := range src.Properties {
		if sp.Name == astmodel.PropertyBagName {
			continue
		}
		if hp, ok := counterpart(hub, sp); !ok || !g.compatible(sp.Type, hp.Type) {
			names = append(names, sp.Name)
		}
	}
	return names
}

// restoreHubOnly pulls the hub-only properties back from the annotation into the hub's spec.
func (g *convGen) restoreHubOnly(c *convFunc, props []astmodel.Property) []dst.Stmt {
	read := &dst.AssignStmt{Lhs: []dst.Expr{id(bagVar), id("err")}, Tok: token.DEFINE,
		Rhs: []dst.Expr{call(qual(genruntimePath, "HubOnlyProperties"), addr(field("r", "ObjectMeta")))}}
	stmts := []dst.Stmt{read, &dst.IfStmt{Cond: notNil(id("err")), Body: block(ret(id("err")))}}
	for _, h := range props {
		stmts = append(stmts, c.pull(h, true, field("destination", "Spec", h.Name))...)
	}
	restore := call(qual(genruntimePath, "RestoreHubBag"), id(bagVar), addr(field("destination", "Spec", astmodel.PropertyBagName)))
	stmts = append(stmts, ifErr(restore, wrapErr("restoring the hub's property bag")))
	clear := call(qual(genruntimePath, "ClearHubOnlyProperties"), addr(field("destination", "ObjectMeta")))
	return append(stmts, exprStmt(clear))
}

// hubOnly lists the hub's properties the source object has no counterpart for.
func hubOnly(src, hub *astmodel.Object) []astmodel.Property {
	var out []astmodel.Property
	for _, h := range hub.Properties {
		if h.Name == astmodel.PropertyBagName {
			continue
		}
		if _, ok := counterpart(src, h); !ok {
			out = append(out, h)
		}
	}
	return out
}
