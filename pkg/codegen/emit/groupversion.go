package emit

import (
	"go/token"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/goref"
)

// groupVersionFile renders groupversion_info_gen.go: the package doc with controller-gen's
// markers, GroupVersion, SchemeBuilder, AddToScheme and the registration of every resource.
func (e *pkgEmitter) groupVersionFile() *goFile {
	ref := e.pkg.Ref
	f := e.newFile(groupVersionFileName)
	f.Doc = []string{
		"Package " + ref.PackageName() + " holds the " + ref.KubeVersion() + " API of the " + ref.KubeGroup() + " group.",
		"+kubebuilder:object:generate=true",
		"+groupName=" + ref.KubeGroup(),
		"+versionName=" + ref.KubeVersion(),
	}
	f.Add(e.schemeVars(), e.initFunc())
	return f
}

func (e *pkgEmitter) schemeVars() dst.Decl {
	ref := e.pkg.Ref
	gv := composite(qualRef(goref.GroupVersion), kv("Group", str(ref.KubeGroup())), kv("Version", str(ref.KubeVersion())))
	builder := addr(composite(qualRef(goref.SchemeBuilder), kv("GroupVersion", id("GroupVersion"))))
	d := &dst.GenDecl{Tok: token.VAR, Lparen: true, Specs: []dst.Spec{
		valueSpec("GroupVersion", gv, "GroupVersion is the group and version of this package's resources."),
		valueSpec("SchemeBuilder", builder, "SchemeBuilder registers this package's resources with a scheme."),
		valueSpec("AddToScheme", sel(id("SchemeBuilder"), "AddToScheme"), "AddToScheme adds this package's resources to a scheme."),
	}}
	gofile.Decorate(&d.Decs.NodeDecs, nil)
	return d
}

func valueSpec(name string, value dst.Expr, doc string) *dst.ValueSpec {
	s := &dst.ValueSpec{Names: []*dst.Ident{id(name)}, Values: []dst.Expr{value}}
	s.Decs.Before = dst.NewLine
	s.Decs.Start.Append("// " + doc)
	return s
}

// initFunc registers each resource and its list.
func (e *pkgEmitter) initFunc() dst.Decl {
	var objs []dst.Expr
	for _, r := range e.pkg.Resources() {
		objs = append(objs, addr(composite(id(r.Kind()))), addr(composite(id(r.Kind()+"List"))))
	}
	var body []dst.Stmt
	if len(objs) > 0 {
		body = append(body, exprStmt(call(sel(id("SchemeBuilder"), "Register"), objs...)))
	}
	return method{name: "init", body: body}.decl()
}
