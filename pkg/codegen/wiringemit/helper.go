package wiringemit

import (
	"go/token"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/goref"
	"github.com/asogen/asogen/pkg/naming"
	"github.com/asogen/asogen/pkg/wiring"
)

// helperFile builds the dispatch helpers shared by a group's hosts: unexpectedType builds the
// error returned when a value of another type than expected reaches a dispatch method.
func helperFile(l wiring.Layout, group string) *goFile {
	f := newGoFile(helperPath(l, group), l.CustomizationsImport(group), naming.CustomizationsPackage)
	f.Add(unexpectedTypeDecl(), describeTypeDecl())
	return f
}

// unexpectedType(method, param string, got any, want string) error
func unexpectedTypeDecl() dst.Decl {
	params := []*dst.Field{
		{Names: []*dst.Ident{id("method"), id("param")}, Type: id("string")},
		field("got", id("any")),
		field("want", id("string")),
	}
	errorf := call(qual(goref.Errorf), str("%s: %s has type %s, expected %s"),
		id("method"), id("param"), call(id("describeType"), id("got")), id("want"))
	return funcDecl(nil, unexpectedTypeFunc, params, []*dst.Field{field("", id("error"))},
		[]dst.Stmt{ret(errorf)},
		"unexpectedType describes a value of another type than the one a dispatch method narrows to",
		"(the hub, or the ARM payload of one of the kind's API versions).")
}

// describeType(v any) string renders v's type with its package path.
func describeTypeDecl() dst.Decl {
	typeOf := &dst.AssignStmt{
		Lhs: []dst.Expr{id("t")}, Tok: token.DEFINE,
		Rhs: []dst.Expr{call(qual(goref.TypeOf), id("v"))},
	}
	isNil := &dst.IfStmt{
		Cond: &dst.BinaryExpr{X: id("t"), Op: token.EQL, Y: id("nil")},
		Body: &dst.BlockStmt{List: []dst.Stmt{ret(str("<nil>"))}},
	}
	name := &dst.AssignStmt{Lhs: []dst.Expr{id("name")}, Tok: token.DEFINE, Rhs: []dst.Expr{call(sel(id("t"), "String"))}}
	deref := &dst.ForStmt{
		Cond: &dst.BinaryExpr{X: call(sel(id("t"), "Kind")), Op: token.EQL, Y: qual(goref.PointerKind)},
		Body: &dst.BlockStmt{List: []dst.Stmt{&dst.AssignStmt{
			Lhs: []dst.Expr{id("t")}, Tok: token.ASSIGN, Rhs: []dst.Expr{call(sel(id("t"), "Elem"))}}}},
	}
	noPath := &dst.IfStmt{
		Cond: &dst.BinaryExpr{X: call(sel(id("t"), "PkgPath")), Op: token.EQL, Y: str("")},
		Body: &dst.BlockStmt{List: []dst.Stmt{ret(id("name"))}},
	}
	full := &dst.BinaryExpr{X: &dst.BinaryExpr{X: id("name"), Op: token.ADD, Y: str(" from ")}, Op: token.ADD,
		Y: call(sel(id("t"), "PkgPath"))}
	return funcDecl(nil, "describeType", []*dst.Field{field("v", id("any"))}, []*dst.Field{field("", id("string"))},
		[]dst.Stmt{typeOf, isNil, name, deref, noPath, ret(full)},
		"describeType renders the dynamic type of v with its package path, since %T alone cannot tell",
		"the storage variants of two versions apart.")
}
