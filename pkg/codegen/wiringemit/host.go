package wiringemit

import (
	"fmt"
	"go/token"
	"unicode"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/goref"
	"github.com/asogen/asogen/pkg/naming"
	"github.com/asogen/asogen/pkg/wiring"
)

// unexpectedTypeFunc is the group helper (in HelperFile) that builds the mismatch error.
const unexpectedTypeFunc = "unexpectedType"

// hostFile builds a kind's extension host: the host type, GetExtendedResources, and for each
// configured extension point the runtime interface implemented by asserting to the hub type(s)
// and calling the hand-written typed method, plus compile-time guards that those types are hubs.
func hostFile(l wiring.Layout, m *astmodel.Model, k *astmodel.Kind) (*goFile, error) {
	f := newGoFile(hostPath(l, k), l.CustomizationsImport(k.Group), naming.CustomizationsPackage)
	for _, ref := range k.AllPackages() {
		f.Use(l.ImportPath(ref), ref.PackageName(), ref.Alias())
	}
	f.Add(hostType(k), extendedResources(l, k))
	declared := map[goref.Ref]bool{}
	for _, p := range wiring.KindPoints(k.Extensions) {
		s, err := wiring.Bind(l, m, k, p)
		if err != nil {
			return nil, err
		}
		addSignature(f, s)
		f.Add(implements(k, p), dispatch(s))
		for _, t := range s.Params {
			if t.Role.Typed() && !declared[t.Type] {
				declared[t.Type] = true
				f.Add(narrowingDecls(l, k, t)...)
			}
		}
	}
	return f, nil
}

// narrowingDecls declares what a narrowed type needs once per file: the hub guard of a hub type,
// the payload type and its constructor for the ARM payload.
func narrowingDecls(l wiring.Layout, k *astmodel.Kind, t wiring.Typed) []dst.Decl {
	if t.Role == wiring.Payload {
		return []dst.Decl{payloadType(l, k), payloadConstructor(l, k)}
	}
	return []dst.Decl{hubGuard(t.Type)}
}

// addSignature declares in f the generated packages a signature refers to.
func addSignature(f *goFile, s wiring.Signature) {
	for p, alias := range s.Aliases {
		f.Use(p, "storage", alias)
	}
}

func hostType(k *astmodel.Kind) dst.Decl {
	spec := &dst.TypeSpec{Name: id(naming.HostName(k.Name)), Type: &dst.StructType{Fields: &dst.FieldList{Opening: true, Closing: true}}}
	d := &dst.GenDecl{Tok: token.TYPE, Specs: []dst.Spec{spec}}
	gofile.Decorate(&d.Decs.NodeDecs, []string{
		fmt.Sprintf("%s hosts the extensions of %s %s.", naming.HostName(k.Name), k.Group, k.Name),
		"The generated methods assert the object to its hub type and call the hand-written typed",
		"methods documented in docs/extensions.md.",
	})
	return d
}

func receiver(k *astmodel.Kind) *dst.Field {
	return field(wiring.Receiver, &dst.StarExpr{X: id(naming.HostName(k.Name))})
}

// extendedResources is GetExtendedResources, listing every API version and storage variant.
func extendedResources(l wiring.Layout, k *astmodel.Kind) dst.Decl {
	list := goref.KubernetesResource
	lit := &dst.CompositeLit{Type: &dst.ArrayType{Elt: qual(list)}}
	for _, ref := range k.AllPackages() {
		e := addrOf(goref.Ref{Path: l.ImportPath(ref), Name: k.Name})
		e.Decorations().Before = dst.NewLine
		e.Decorations().After = dst.NewLine
		lit.Elts = append(lit.Elts, e)
	}
	results := []*dst.Field{field("", &dst.ArrayType{Elt: qual(list)})}
	return funcDecl(receiver(k), "GetExtendedResources", nil, results, []dst.Stmt{ret(lit)},
		fmt.Sprintf("GetExtendedResources returns every API version and storage variant of %s.", k.Name))
}

func implements(k *astmodel.Kind, p wiring.Point) dst.Decl {
	return varAssert(qual(p.Interface), &dst.UnaryExpr{Op: token.AND, X: &dst.CompositeLit{Type: id(naming.HostName(k.Name))}})
}

// hubGuard breaks the build when an asserted type stops being a hub.
func hubGuard(hub goref.Ref) dst.Decl {
	return varAssert(qual(goref.Hub), addrOf(hub),
		fmt.Sprintf("%s must stay the hub: the build breaks here when the hub version moves.", hub.Name))
}

// dispatch implements the runtime method: assert, then call the hand-written method.
func dispatch(s wiring.Signature) dst.Decl {
	p := s.Point
	var params []*dst.Field
	var body []dst.Stmt
	var args []dst.Expr
	for _, t := range s.Params {
		params = append(params, field(t.Runtime.Name, typeExpr(t.Runtime.Type, t.Runtime.Pointer)))
		if !t.Role.Typed() {
			args = append(args, id(t.Runtime.Name))
			continue
		}
		local := "hub" + capitalise(t.Runtime.Name)
		if t.Role == wiring.Payload {
			local = "typed" + capitalise(t.Runtime.Name)
		}
		body = append(body, assertion(s, t, local)...)
		args = append(args, id(local))
	}
	var results []*dst.Field
	for _, r := range p.Results {
		results = append(results, field("", qual(r.Type)))
	}
	body = append(body, ret(call(sel(id(wiring.Receiver), p.HandWritten), args...)))
	return funcDecl(receiver(s.Kind), p.Method, params, results, body,
		fmt.Sprintf("%s implements %s.%s:", p.Method, pkgName(p.Interface.Path), p.Interface.Name),
		fmt.Sprintf("it narrows to the generated types and calls the hand-written %s.", p.HandWritten))
}

// assertion is `local, ok := param.(*Hub)` (for the payload `local, ok := newKindARMPayload(param)`)
// and, on mismatch, the zero results and a descriptive error.
func assertion(s wiring.Signature, t wiring.Typed, local string) []dst.Stmt {
	var narrowed dst.Expr = &dst.TypeAssertExpr{X: id(t.Runtime.Name), Type: typeExpr(t.Type, true)}
	want := "the hub type " + wiring.HubDescription(t.Type) + "; extensions only receive the hub version"
	if t.Role == wiring.Payload {
		narrowed = call(id(payloadConstructorName(s.Kind.Name)), id(t.Runtime.Name))
		want = payloadDescription(s.Kind)
	}
	assert := &dst.AssignStmt{Lhs: []dst.Expr{id(local), id("ok")}, Tok: token.DEFINE, Rhs: []dst.Expr{narrowed}}
	method := naming.HostName(s.Kind.Name) + "." + s.Point.Method
	errExpr := call(id(unexpectedTypeFunc), str(method), str(t.Runtime.Name), id(t.Runtime.Name), str(want))
	var zero []dst.Expr
	for _, r := range s.Point.Results[:len(s.Point.Results)-1] {
		zero = append(zero, zeroValue(r))
	}
	check := &dst.IfStmt{
		Cond: &dst.UnaryExpr{Op: token.NOT, X: id("ok")},
		Body: &dst.BlockStmt{List: []dst.Stmt{ret(append(zero, errExpr)...)}},
	}
	return []dst.Stmt{assert, check}
}

func zeroValue(r wiring.Result) dst.Expr {
	if r.Composite {
		return &dst.CompositeLit{Type: qual(r.Type)}
	}
	return id("nil")
}

func capitalise(s string) string {
	r := []rune(s)
	if len(r) > 0 {
		r[0] = unicode.ToUpper(r[0])
	}
	return string(r)
}
