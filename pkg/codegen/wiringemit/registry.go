package wiringemit

import (
	"go/token"
	"path"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/goref"
	"github.com/asogen/asogen/pkg/naming"
	"github.com/asogen/asogen/pkg/wiring"
)

// Names declared by the generated registry (documented in docs/extensions.md).
const (
	knownResourcesFunc = "KnownResources"
	extensionForFunc   = "ExtensionFor"
	addToSchemeFunc    = "AddToScheme"
)

var (
	groupKindRef   = goref.GroupKind
	gvkRef         = goref.GroupVersionKind
	schemeRef      = goref.RuntimeScheme
	extensionRef   = goref.ResourceExtension
	kubeResource   = goref.KubernetesResource
	armResourceRef = goref.ARMResource
	resourceRef    = goref.RegistrationResource
)

// registryFile builds the registry: KnownResources (every group's registrations, in group order),
// ExtensionFor and AddToScheme (every group's scheme adders).
func registryFile(l wiring.Layout, m *astmodel.Model) *goFile {
	f := newGoFile(registryPath(l), path.Join(l.Module, l.RegistryDir), path.Base(l.RegistryDir))
	gs := groups(m)
	f.Add(knownResources(gs), extensionFor(), addToScheme(gs))
	return f
}

// groupRegistryFile builds one group's part of the registry: one registration.Resource per kind
// (its GroupVersionKinds, hub, owner, extension host and constructors) and the AddToScheme
// functions of the group's packages.
func groupRegistryFile(l wiring.Layout, m *astmodel.Model, group string) *goFile {
	f := newGoFile(groupRegistryPath(l, group), path.Join(l.Module, l.RegistryDir), path.Base(l.RegistryDir))
	var kinds []*astmodel.Kind
	for _, k := range m.Kinds {
		if k.Group != group {
			continue
		}
		kinds = append(kinds, k)
		f.Use(l.CustomizationsImport(k.Group), naming.CustomizationsPackage, naming.CustomizationsAlias(k.Group))
		for _, ref := range k.AllPackages() {
			f.Use(l.ImportPath(ref), ref.PackageName(), ref.Alias())
		}
	}
	f.Add(groupResources(l, group, kinds), groupSchemeAdders(l, group, kinds))
	return f
}

// resourcesFunc and addersFunc name a group's registry functions, e.g. resourcesNetwork.
func resourcesFunc(group string) string { return "resources" + naming.GoName(group) }
func addersFunc(group string) string    { return "schemeAdders" + naming.GoName(group) }

func funcType(result dst.Expr) dst.Expr {
	return &dst.FuncType{Params: &dst.FieldList{}, Results: &dst.FieldList{List: []*dst.Field{field("", result)}}}
}

// knownResources concatenates the registrations of every group.
func knownResources(groups []string) dst.Decl {
	var parts []dst.Expr
	for _, g := range groups {
		parts = append(parts, onLine(call(id(resourcesFunc(g)))))
	}
	results := []*dst.Field{field("", &dst.ArrayType{Elt: qual(resourceRef)})}
	return funcDecl(nil, knownResourcesFunc, nil, results, []dst.Stmt{ret(call(qual(goref.Concat), parts...))},
		knownResourcesFunc+" lists every generated resource kind, sorted by group and kind.")
}

// groupResources lists the registrations of one group's kinds.
func groupResources(l wiring.Layout, group string, kinds []*astmodel.Kind) dst.Decl {
	lit := &dst.CompositeLit{Type: &dst.ArrayType{Elt: qual(resourceRef)}}
	for _, k := range kinds {
		lit.Elts = append(lit.Elts, onLine(registration(l, k)))
	}
	results := []*dst.Field{field("", &dst.ArrayType{Elt: qual(resourceRef)})}
	return funcDecl(nil, resourcesFunc(group), nil, results, []dst.Stmt{ret(lit)},
		resourcesFunc(group)+" lists the generated resource kinds of group "+group+", sorted by kind.")
}

func registration(l wiring.Layout, k *astmodel.Kind) dst.Expr {
	hub := goref.Ref{Path: l.ImportPath(k.Hub), Name: k.Name}
	var gvks []dst.Expr
	for _, ref := range k.AllPackages() {
		gvks = append(gvks, onLine(gvkFields(nil, ref, k.Name)))
	}
	fields := []dst.Expr{
		kv("GroupKind", keyed(qual(groupKindRef), kv("Group", str(astmodel.KubeGroup(k.Group))), kv("Kind", str(k.Name)))),
		kv("ARMType", str(k.ARMType)),
		kv("Plural", str(naming.Plural(k.Name))),
		kv("HubGVK", gvkFields(qual(gvkRef), k.Hub, k.Name)),
		kv("GVKs", &dst.CompositeLit{Type: &dst.ArrayType{Elt: qual(gvkRef)}, Elts: gvks}),
		kv("Owner", ownerExpr(k)),
		kv("Extension", addrOf(goref.Ref{Path: l.CustomizationsImport(k.Group), Name: naming.HostName(k.Name)})),
		kv("NewHub", constructor(kubeResource, hub)),
		kv("ARMVersions", armVersions(l, k)),
		kv("HubAPIVersion", str(k.Hub.APIRef().KubeVersion())),
	}
	if k.ArbitraryOwner() {
		fields = append(fields, kv("ArbitraryOwner", id("true")))
	}
	if k.SecretExportAction != "" {
		fields = append(fields, kv("SecretExportAction", str(k.SecretExportAction)))
	}
	return keyed(nil, fields...)
}

// armVersions maps each API version of the kind to a constructor of its resource type.
func armVersions(l wiring.Layout, k *astmodel.Kind) dst.Expr {
	fn := funcType(qual(armResourceRef))
	lit := &dst.CompositeLit{Type: &dst.MapType{Key: id("string"), Value: fn}}
	for _, ref := range k.APIPackages() {
		typ := goref.Ref{Path: l.ImportPath(ref), Name: k.Name}
		lit.Elts = append(lit.Elts, onLine(kv2(str(ref.KubeVersion()), constructor(armResourceRef, typ))))
	}
	return lit
}

func kv2(key, value dst.Expr) dst.Expr { return &dst.KeyValueExpr{Key: key, Value: value} }

func gvkFields(typ dst.Expr, ref astmodel.PackageRef, kind string) dst.Expr {
	return keyed(typ, kv("Group", str(ref.KubeGroup())), kv("Version", str(ref.KubeVersion())), kv("Kind", str(kind)))
}

func ownerExpr(k *astmodel.Kind) dst.Expr {
	if k.Owner == nil {
		return id("nil")
	}
	gk := keyed(qual(groupKindRef), kv("Group", str(astmodel.KubeGroup(k.Owner.Group))), kv("Kind", str(k.Owner.Kind)))
	return &dst.UnaryExpr{Op: token.AND, X: gk}
}

// constructor is `func() iface { return &T{} }`.
func constructor(iface, typ goref.Ref) dst.Expr {
	ft := funcType(qual(iface)).(*dst.FuncType)
	return &dst.FuncLit{Type: ft, Body: &dst.BlockStmt{List: []dst.Stmt{ret(addrOf(typ))}}}
}

// keyed is a composite literal whose key: value elements sit on their own lines.
func keyed(typ dst.Expr, elts ...dst.Expr) dst.Expr {
	for _, e := range elts {
		onLine(e)
	}
	return &dst.CompositeLit{Type: typ, Elts: elts}
}

func kv(key string, value dst.Expr) dst.Expr { return &dst.KeyValueExpr{Key: id(key), Value: value} }

func onLine(e dst.Expr) dst.Expr {
	e.Decorations().Before = dst.NewLine
	e.Decorations().After = dst.NewLine
	return e
}

// extensionFor returns the host registered for a GroupVersionKind.
func extensionFor() dst.Decl {
	match := &dst.IfStmt{
		Cond: &dst.BinaryExpr{X: id("candidate"), Op: token.EQL, Y: id("gvk")},
		Body: &dst.BlockStmt{List: []dst.Stmt{ret(sel(id("r"), "Extension"), id("true"))}},
	}
	inner := &dst.RangeStmt{Key: id("_"), Value: id("candidate"), Tok: token.DEFINE, X: sel(id("r"), "GVKs"),
		Body: &dst.BlockStmt{List: []dst.Stmt{match}}}
	outer := &dst.RangeStmt{Key: id("_"), Value: id("r"), Tok: token.DEFINE, X: call(id(knownResourcesFunc)),
		Body: &dst.BlockStmt{List: []dst.Stmt{inner}}}
	results := []*dst.Field{field("", qual(extensionRef)), field("", id("bool"))}
	return funcDecl(nil, extensionForFunc, []*dst.Field{field("gvk", qual(gvkRef))}, results,
		[]dst.Stmt{outer, ret(id("nil"), id("false"))},
		extensionForFunc+" returns the extension host of the kind gvk belongs to (any version or storage variant).")
}

// adderType is func(*runtime.Scheme) error.
func adderType() dst.Expr {
	return &dst.FuncType{
		Params:  &dst.FieldList{List: []*dst.Field{field("", &dst.StarExpr{X: qual(schemeRef)})}},
		Results: &dst.FieldList{List: []*dst.Field{field("", id("error"))}},
	}
}

// addToScheme registers every generated API package of the configured kinds, group by group.
func addToScheme(groups []string) dst.Decl {
	lists := &dst.CompositeLit{Type: &dst.ArrayType{Elt: &dst.ArrayType{Elt: adderType()}}}
	for _, g := range groups {
		lists.Elts = append(lists.Elts, onLine(call(id(addersFunc(g)))))
	}
	check := &dst.IfStmt{
		Init: &dst.AssignStmt{Lhs: []dst.Expr{id("err")}, Tok: token.DEFINE, Rhs: []dst.Expr{call(id("add"), id("scheme"))}},
		Cond: &dst.BinaryExpr{X: id("err"), Op: token.NEQ, Y: id("nil")},
		Body: &dst.BlockStmt{List: []dst.Stmt{ret(id("err"))}},
	}
	inner := &dst.RangeStmt{Key: id("_"), Value: id("add"), Tok: token.DEFINE, X: id("adders"),
		Body: &dst.BlockStmt{List: []dst.Stmt{check}}}
	outer := &dst.RangeStmt{Key: id("_"), Value: id("adders"), Tok: token.DEFINE, X: lists,
		Body: &dst.BlockStmt{List: []dst.Stmt{inner}}}
	params := []*dst.Field{field("scheme", &dst.StarExpr{X: qual(schemeRef)})}
	return funcDecl(nil, addToSchemeFunc, params, []*dst.Field{field("", id("error"))},
		[]dst.Stmt{outer, ret(id("nil"))},
		addToSchemeFunc+" adds every generated API version and storage variant to scheme.")
}

// groupSchemeAdders lists the AddToScheme functions of one group's packages.
func groupSchemeAdders(l wiring.Layout, group string, kinds []*astmodel.Kind) dst.Decl {
	var refs []astmodel.PackageRef
	for _, k := range kinds {
		refs = append(refs, k.AllPackages()...)
	}
	sortRefs(refs)
	adders := &dst.CompositeLit{Type: &dst.ArrayType{Elt: adderType()}}
	for i, ref := range refs {
		if i == 0 || ref != refs[i-1] {
			adders.Elts = append(adders.Elts, onLine(qual(goref.Ref{Path: l.ImportPath(ref), Name: "AddToScheme"})))
		}
	}
	results := []*dst.Field{field("", &dst.ArrayType{Elt: adderType()})}
	return funcDecl(nil, addersFunc(group), nil, results, []dst.Stmt{ret(adders)},
		addersFunc(group)+" lists the AddToScheme functions of group "+group+"'s API versions and storage variants.")
}
