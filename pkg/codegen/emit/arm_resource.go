package emit

import (
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/goref"
	"github.com/dave/dst"
)

// armReach records which objects of an API package appear in specs (converted to ARM) and in
// statuses (converted from ARM).
type armReach struct {
	spec, status map[string]bool
}

func (e *pkgEmitter) reach() armReach {
	if e.reached != nil { // computed once per package: every family's ARM file reads it
		return *e.reached
	}
	r := armReach{spec: map[string]bool{}, status: map[string]bool{}}
	defer func() { e.reached = &r }()
	for _, fam := range e.families {
		if fam.resource == nil {
			continue
		}
		r.spec[fam.spec.Name.Name], r.status[fam.status.Name.Name] = true, true
		for _, n := range reachableThrough(e.pkg, sentAsObject, fam.spec) {
			r.spec[n] = true
		}
		for _, n := range reachable(e.pkg, fam.status) {
			r.status[n] = true
		}
	}
	return r
}

// sentAsObject reports whether a Spec property's objects have ARM structs of their own: not the
// operator's own settings, and not identity lists (sent as a map keyed by ARM ID).
func sentAsObject(p astmodel.Property) bool {
	return inARM(p) && !p.IdentityKeys
}

// armFile renders <kind>_arm_gen.go: the ARM payload structs of the family's objects, their
// conversions, and the genruntime.ARMResource methods of the resource.
func (e *pkgEmitter) armFile(fam *family) (*goFile, error) {
	f := e.newFile(armFileName(fam))
	f.Add(e.armResourceMethods(fam.resource)...)
	reach := e.reach()
	for _, o := range fam.objects() {
		if !reach.spec[o.Name.Name] && !reach.status[o.Name.Name] {
			continue
		}
		if err := e.armObject(f, o, o == fam.spec, reach); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// armObject adds the ARM struct of an object and the conversions it needs to f.
func (e *pkgEmitter) armObject(f *goFile, o *astmodel.Object, isSpec bool, reach armReach) error {
	tree, err := armTree(o)
	if err != nil {
		return err
	}
	var extra []*dst.Field
	if isSpec && tree.child("name") == nil {
		extra = append(extra, &dst.Field{Names: []*dst.Ident{id("Name")}, Type: id("string"), Tag: jsonTag("name")})
	}
	f.Add(e.armStructDecls(tree, tree.typeName+" is the ARM JSON of "+o.Name.Name+".", extra...)...)
	if o.OneOf != nil {
		f.Add(e.oneOfMarshal(o, tree), e.oneOfUnmarshal(o, tree))
	}
	w := gofile.NewCode()
	if reach.spec[o.Name.Name] {
		e.toARMMethod(w, o, tree)
	}
	if reach.status[o.Name.Name] {
		e.fromARMMethod(w, o, tree)
	}
	f.AddCode(w)
	return nil
}

// armResourceMethods make the resource a genruntime.ARMResource.
func (e *pkgEmitter) armResourceMethods(r *astmodel.Resource) []dst.Decl {
	recv := recvOf(r)
	return []dst.Decl{
		assertion(qualRef(goref.ARMResource), r.Kind()),
		method{recv: "r", recvType: recv, name: "ARMIDFromOwner",
			doc:     []string{"ARMIDFromOwner returns the ARM ID of the resource below the owner's ARM ID."},
			params:  []param{{"ownerID", id("string")}},
			results: []param{{"", id("string")}},
			body:    []dst.Stmt{ret(&dst.BinaryExpr{Op: tokAdd, X: idPrefix(r), Y: call(field("r", "AzureName"))})}}.decl(),
		e.specToARM(r),
		method{recv: "r", recvType: dst.Clone(recv).(dst.Expr), name: "NewARMStatus",
			doc:     []string{"NewARMStatus returns an empty ARM GET response to decode into."},
			results: []param{{"", id("any")}},
			body:    []dst.Stmt{ret(addr(composite(id(armName(r.Status.Name)))))}}.decl(),
		e.statusFromARM(r),
	}
}

// idPrefix is what the resource's ARM ID has before its name: the owner's ID and the child path,
// or the child path alone (/providers/...) for a tenant-scoped resource, whose ownerID (the
// subscription's) is not part of it.
func idPrefix(r *astmodel.Resource) dst.Expr {
	if r.Scope == astmodel.ScopeTenant && r.Owner == nil {
		return str(r.ChildPath + "/")
	}
	return &dst.BinaryExpr{X: id("ownerID"), Op: tokAdd, Y: str(r.ChildPath + "/")}
}

func (e *pkgEmitter) specToARM(r *astmodel.Resource) dst.Decl {
	body := []dst.Stmt{
		&dst.AssignStmt{Lhs: []dst.Expr{id("result"), id("err")}, Tok: tokDefine,
			Rhs: []dst.Expr{call(field("r", "Spec", "toARM"), id("resolved"))}},
		ifStmt(notNil(id("err")), []dst.Stmt{ret(nilExpr(), id("err"))}),
		assign(field("result", "Name"), call(field("r", "AzureName"))),
		ret(id("result"), nilExpr()),
	}
	return method{recv: "r", recvType: recvOf(r), name: "SpecToARM",
		doc:     []string{"SpecToARM converts the spec to the ARM PUT body; the name is AzureName()."},
		params:  []param{{"resolved", qualRef(goref.ResolvedReferences)}},
		results: []param{{"", id("any")}, {"", id("error")}},
		body:    body}.decl()
}

func (e *pkgEmitter) statusFromARM(r *astmodel.Resource) dst.Decl {
	armType := armName(r.Status.Name)
	cast := &dst.TypeAssertExpr{X: id("armStatus"), Type: ptrType(id(armType))}
	failure := call(qualRef(goref.ErrorsErrorf), str("expected *"+armType+" but got %T"), id("armStatus"))
	body := []dst.Stmt{
		&dst.AssignStmt{Lhs: []dst.Expr{id("arm"), id("ok")}, Tok: tokDefine, Rhs: []dst.Expr{cast}},
		ifStmt(&dst.UnaryExpr{Op: tokNot, X: id("ok")}, []dst.Stmt{ret(failure)}),
		varDecl("status", id(r.Status.Name)),
		exprStmt(call(sel(id("status"), "fromARM"), id("arm"))),
		assign(field("status", conditionsProp), field("r", "Status", conditionsProp)),
		assign(field("r", "Status"), id("status")),
		ret(nilExpr()),
	}
	return method{recv: "r", recvType: recvOf(r), name: "StatusFromARM",
		doc:     []string{"StatusFromARM sets the status from a decoded ARM GET response, keeping the conditions."},
		params:  []param{{"armStatus", id("any")}},
		results: []param{{"", id("error")}},
		body:    body}.decl()
}
