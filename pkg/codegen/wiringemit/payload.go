package wiringemit

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/goref"
	"github.com/asogen/asogen/pkg/naming"
	"github.com/asogen/asogen/pkg/wiring"
)

func payloadConstructorName(kind string) string { return "new" + wiring.PayloadName(kind) }

// payloadField is the field of the payload type holding one API version's ARM type: "V20240301".
func payloadField(apiVersion string) string {
	return "V" + strings.TrimPrefix(naming.VersionPackageName(apiVersion), "v1api")
}

// payloadARMType is the ARM type of the kind's spec in one API package (the model names it).
func payloadARMType(l wiring.Layout, k *astmodel.Kind, ref astmodel.PackageRef) goref.Ref {
	return goref.Ref{Path: l.ImportPath(ref), Name: k.SpecARMType(ref).Name}
}

// payloadDescription says what the payload dispatch expects, for its mismatch error.
func payloadDescription(k *astmodel.Kind) string {
	return fmt.Sprintf("the *%s of one of the API versions of %s %s (%s)",
		naming.ARMName(naming.SpecName(k.Name)), k.Group, k.Name, strings.Join(k.Versions, ", "))
}

// payloadType declares the payload type: exactly one field is set, the API version being sent.
func payloadType(l wiring.Layout, k *astmodel.Kind) dst.Decl {
	var fields []*dst.Field
	for i, ref := range k.APIPackages() {
		f := field(payloadField(k.Versions[i]), typeExpr(payloadARMType(l, k, ref), true))
		f.Decs.Before = dst.NewLine
		fields = append(fields, f)
	}
	st := &dst.StructType{Fields: &dst.FieldList{Opening: true, List: fields, Closing: true}}
	d := &dst.GenDecl{Tok: token.TYPE, Specs: []dst.Spec{&dst.TypeSpec{Name: id(wiring.PayloadName(k.Name)), Type: st}}}
	gofile.Decorate(&d.Decs.NodeDecs, []string{
		fmt.Sprintf("%s is the ARM payload of %s %s about to be sent:", wiring.PayloadName(k.Name), k.Group, k.Name),
		"exactly one field is set, that of the API version being sent; what you change is what ARM receives.",
	})
	return d
}

// payloadConstructor is newKindARMPayload(payload any) (*KindARMPayload, bool): a type switch
// over the ARM types of every API version.
func payloadConstructor(l wiring.Layout, k *astmodel.Kind) dst.Decl {
	sw := &dst.TypeSwitchStmt{
		Assign: &dst.AssignStmt{Lhs: []dst.Expr{id("typed")}, Tok: token.DEFINE,
			Rhs: []dst.Expr{&dst.TypeAssertExpr{X: id("payload")}}},
		Body: &dst.BlockStmt{},
	}
	for i, ref := range k.APIPackages() {
		wrapped := &dst.UnaryExpr{Op: token.AND, X: &dst.CompositeLit{Type: id(wiring.PayloadName(k.Name)),
			Elts: []dst.Expr{&dst.KeyValueExpr{Key: id(payloadField(k.Versions[i])), Value: id("typed")}}}}
		sw.Body.List = append(sw.Body.List, &dst.CaseClause{
			List: []dst.Expr{typeExpr(payloadARMType(l, k, ref), true)},
			Body: []dst.Stmt{ret(wrapped, id("true"))},
		})
	}
	params := []*dst.Field{field("payload", qual(goref.ARMPayload))}
	results := []*dst.Field{field("", &dst.StarExpr{X: id(wiring.PayloadName(k.Name))}), field("", id("bool"))}
	return funcDecl(nil, payloadConstructorName(k.Name), params, results, []dst.Stmt{sw, ret(id("nil"), id("false"))},
		fmt.Sprintf("%s wraps the ARM payload of any API version of %s.", payloadConstructorName(k.Name), k.Name))
}
