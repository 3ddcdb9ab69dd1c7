package emit

import (
	"go/token"
	"strconv"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/goref"
	"github.com/asogen/asogen/pkg/kubemarkers"
	"github.com/dave/dst"
)

// typesFile renders a family: the resource, its list, the KubernetesResource methods, the hub
// marker, then spec, status and nested definitions.
func (e *pkgEmitter) typesFile(fam *family) *goFile {
	f := e.newFile(typesFileName(fam))
	if r := fam.resource; r != nil {
		f.Add(e.resourceDecl(r), listDecl(r))
		f.Add(e.resourceMethods(r)...)
		if e.pkg.Ref.Storage {
			f.Add(originalVersionMethod(r))
		}
		if e.isHub(r) {
			f.Add(hubMethod(r), e.setAzureNameMethod(r))
		}
	}
	f.Add(e.definitionDecls(fam)...)
	return f
}

// definitionDecls declares a family's spec, status, nested objects and enums, in printing order.
func (e *pkgEmitter) definitionDecls(fam *family) []dst.Decl {
	var decls []dst.Decl
	if fam.resource != nil {
		decls = append(decls, e.objectDecl(fam.spec), e.objectDecl(fam.status))
	}
	for _, d := range fam.defs {
		switch d := d.(type) {
		case *astmodel.Object:
			decls = append(decls, e.objectDecl(d))
		case *astmodel.Enum:
			decls = append(decls, enumDecls(d, e.typeNames())...)
		}
	}
	return decls
}

func (e *pkgEmitter) isHub(r *astmodel.Resource) bool {
	k, ok := e.model.Kind(e.pkg.Ref.Group, r.Kind())
	return ok && k.Hub == e.pkg.Ref
}

// readyColumns show the Ready condition in `kubectl get`.
var readyColumns = []string{
	`+kubebuilder:printcolumn:name="Ready",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].status"`,
	`+kubebuilder:printcolumn:name="Severity",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].severity"`,
	`+kubebuilder:printcolumn:name="Reason",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].reason"`,
	`+kubebuilder:printcolumn:name="Message",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].message"`,
}

func (e *pkgEmitter) resourceDecl(r *astmodel.Resource) dst.Decl {
	doc := []string{"+kubebuilder:object:root=true", "+kubebuilder:subresource:status"}
	if e.isHub(r) {
		doc = append(doc, "+kubebuilder:storageversion")
	}
	doc = append(doc, readyColumns...)
	doc = append(doc, describe(r.Kind(), r.Description)...)
	doc = append(doc, "Generated from: "+r.ARMType+" api-version "+r.APIVersion)
	fields := &dst.FieldList{List: []*dst.Field{
		embedded(qualRef(goref.TypeMeta), "`json:\",inline\"`"),
		embedded(qualRef(goref.ObjectMeta), "`json:\"metadata,omitempty\"`"),
		named("Spec", id(r.Spec.Name), "`json:\"spec,omitempty\"`"),
		named("Status", id(r.Status.Name), "`json:\"status,omitempty\"`"),
	}}
	return typeDecl(r.Kind(), &dst.StructType{Fields: fields}, doc)
}

func listDecl(r *astmodel.Resource) dst.Decl {
	fields := &dst.FieldList{List: []*dst.Field{
		embedded(qualRef(goref.TypeMeta), "`json:\",inline\"`"),
		embedded(qualRef(goref.ListMeta), "`json:\"metadata,omitempty\"`"),
		named("Items", &dst.ArrayType{Elt: id(r.Kind())}, "`json:\"items\"`"),
	}}
	doc := []string{"+kubebuilder:object:root=true", r.Kind() + "List is a list of " + r.Kind() + "."}
	return typeDecl(r.Kind()+"List", &dst.StructType{Fields: fields}, doc)
}

func embedded(t dst.Expr, tag string) *dst.Field {
	return &dst.Field{Type: t, Tag: &dst.BasicLit{Kind: token.STRING, Value: tag}}
}

func named(name string, t dst.Expr, tag string) *dst.Field {
	return &dst.Field{Names: []*dst.Ident{id(name)}, Type: t, Tag: &dst.BasicLit{Kind: token.STRING, Value: tag}}
}

func recvOf(r *astmodel.Resource) dst.Expr { return ptrType(id(r.Kind())) }

// resourceMethods make the resource a genruntime.KubernetesResource.
func (e *pkgEmitter) resourceMethods(r *astmodel.Resource) []dst.Decl {
	conds := qualRef(goref.Conditions)
	return []dst.Decl{
		assertion(qualRef(goref.KubernetesResource), r.Kind()),
		method{recv: "r", recvType: recvOf(r), name: "GetConditions",
			doc:     []string{"GetConditions returns the conditions of the resource's status."},
			results: []param{{"", conds}}, body: []dst.Stmt{ret(field("r", "Status", conditionsProp))}}.decl(),
		method{recv: "r", recvType: recvOf(r), name: "SetConditions",
			doc:    []string{"SetConditions replaces the conditions of the resource's status."},
			params: []param{{"conditions", qualRef(goref.Conditions)}},
			body:   []dst.Stmt{assign(field("r", "Status", conditionsProp), id("conditions"))}}.decl(),
		e.ownerMethod(r),
		azureNameMethod(r),
		stringMethod(r, "GetType", "GetType returns the ARM resource type.", r.ARMType),
		stringMethod(r, "GetAPIVersion", "GetAPIVersion returns the ARM api-version of this version of the resource.", r.APIVersion),
	}
}

// assertion is `var _ iface = &T{}`, a compile-time check.
func assertion(iface dst.Expr, typeName string) dst.Decl {
	spec := &dst.ValueSpec{Names: []*dst.Ident{id("_")}, Type: iface, Values: []dst.Expr{addr(composite(id(typeName)))}}
	d := &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{spec}}
	gofile.Decorate(&d.Decs.NodeDecs, nil)
	return d
}

func (e *pkgEmitter) ownerMethod(r *astmodel.Resource) dst.Decl {
	m := method{recv: "r", recvType: recvOf(r), name: "Owner",
		results: []param{{"", ptrType(qualRef(goref.ResourceReference))}}}
	if r.ArbitraryOwner() {
		m.doc = []string{"Owner returns the reference to the resource this extension applies to, or nil when unset."}
		m.body = []dst.Stmt{
			ifStmt(isNil(field("r", "Spec", ownerProp)), []dst.Stmt{ret(nilExpr())}),
			ret(call(field("r", "Spec", ownerProp, "AsResourceReference"))),
		}
		return m.decl()
	}
	if r.Owner == nil {
		m.doc = []string{"Owner returns nil: the resource is owned by the " + ownerlessScope(r) + "."}
		m.body = []dst.Stmt{ret(nilExpr())}
		return m.decl()
	}
	m.doc = []string{"Owner returns the reference to the " + r.Owner.Kind + " owning the resource, or nil when unset."}
	convert := call(field("r", "Spec", ownerProp, "AsResourceReference"),
		str(astmodel.KubeGroup(r.Owner.Group)), str(r.Owner.Kind))
	m.body = []dst.Stmt{
		ifStmt(isNil(field("r", "Spec", ownerProp)), []dst.Stmt{ret(nilExpr())}),
		ret(convert),
	}
	return m.decl()
}

// ownerlessScope names what owns a resource without an owner field.
func ownerlessScope(r *astmodel.Resource) string {
	if r.Scope == astmodel.ScopeTenant {
		return "tenant"
	}
	return "subscription"
}

func azureNameMethod(r *astmodel.Resource) dst.Decl {
	fallback, doc := field("r", "Name"), []string{
		"AzureName returns the name of the resource in Azure: Spec.AzureName, or metadata.name",
		"when Spec.AzureName is empty.",
	}
	if r.FixedName != "" { // the CRD accepts only the fixed name in Spec.AzureName
		fallback, doc = str(r.FixedName), []string{
			"AzureName returns the name of the resource in Azure, which is always " + strconv.Quote(r.FixedName) + ":",
			"Spec.AzureName (the CRD accepts no other value), or the fixed name when it is empty.",
		}
	}
	return method{recv: "r", recvType: recvOf(r), name: "AzureName",
		doc:     doc,
		results: []param{{"", id("string")}},
		body: []dst.Stmt{
			ifStmt(&dst.BinaryExpr{X: field("r", "Spec", azureNameProp), Op: token.EQL, Y: str("")},
				[]dst.Stmt{ret(fallback)}),
			ret(field("r", "Spec", azureNameProp)),
		}}.decl()
}

func stringMethod(r *astmodel.Resource, name, doc, value string) dst.Decl {
	return method{recv: "r", recvType: recvOf(r), name: name, doc: []string{doc},
		results: []param{{"", id("string")}}, body: []dst.Stmt{ret(str(value))}}.decl()
}

func hubMethod(r *astmodel.Resource) dst.Decl {
	return method{recvType: ptrType(id(r.Kind())), name: "Hub",
		doc: []string{"Hub marks this type as the conversion hub of " + r.Kind() + "."}}.decl()
}

// originalVersionMethod reports the API version a storage object was written at.
func originalVersionMethod(r *astmodel.Resource) dst.Decl {
	return method{recv: "r", recvType: recvOf(r), name: "OriginalVersion",
		doc:     []string{"OriginalVersion returns the API version the object was written at (empty when unknown)."},
		results: []param{{"", id("string")}},
		body:    []dst.Stmt{ret(field("r", "Spec", astmodel.OriginalVersionName))}}.decl()
}

// setAzureNameMethod lets the defaulting webhook persist the Azure name. Its comment carries the
// kubebuilder markers of the kind's webhook configurations (both webhooks are registered at the
// hub version, and the API server converts other versions to it) and of the operator's RBAC
// rules for the kind; asogen writes the manifests from the same values (pkg/codegen/manifests).
func (e *pkgEmitter) setAzureNameMethod(r *astmodel.Resource) dst.Decl {
	d := method{recv: "r", recvType: recvOf(r), name: "SetAzureName",
		doc:    []string{"SetAzureName sets the name of the resource in Azure; the defaulting webhook persists metadata.name there."},
		params: []param{{"name", id("string")}},
		body:   []dst.Stmt{assign(field("r", "Spec", azureNameProp), id("name"))}}.decl()
	markers := hubMarkers(e.pkg.Ref, r.Kind())
	d.Decs.Start = append(markers, append([]string{"\n"}, d.Decs.Start...)...)
	return d
}

// hubMarkers are the marker comments of a hub's webhooks and RBAC rules (kubemarkers): the
// values the manifests generators write the webhook configurations and the role from.
func hubMarkers(ref astmodel.PackageRef, kind string) []string {
	var out []string
	for _, w := range kubemarkers.HubWebhooks(ref, kind) {
		out = append(out, "// "+w.Marker())
	}
	for _, r := range kubemarkers.HubRules(ref, kind) {
		out = append(out, "// "+r.Marker())
	}
	return out
}
