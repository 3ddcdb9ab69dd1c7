package wiringemit

import (
	"go/token"
	"path"
	"strconv"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/goref"
)

// goFile is one generated Go file under construction: gofile's builder, shared with the API
// emitter. Identifiers carry their import path (qual); the file declares the generated packages
// it refers to (Use) and names runtime and library packages from goref's table (knownNames).
type goFile = gofile.File

func newGoFile(filePath, pkgPath, pkgName string) *goFile {
	return gofile.NewFile(path.Base(filePath), pkgPath, pkgName, knownNames)
}

// knownNames names the runtime and library packages of goref's table; a generated package must
// be declared with Use.
func knownNames(importPath string) (string, bool) { return goref.NameOf(importPath) }

// Small constructors: each call returns fresh nodes, since dst refuses to print a node twice.

func id(name string) *dst.Ident { return dst.NewIdent(name) }

func qual(ref goref.Ref) *dst.Ident { return &dst.Ident{Name: ref.Name, Path: ref.Path} }

func typeExpr(ref goref.Ref, pointer bool) dst.Expr {
	var x dst.Expr = qual(ref)
	if pointer {
		x = &dst.StarExpr{X: x}
	}
	return x
}

func str(s string) *dst.BasicLit { return &dst.BasicLit{Kind: token.STRING, Value: strconv.Quote(s)} }

func call(fun dst.Expr, args ...dst.Expr) *dst.CallExpr { return &dst.CallExpr{Fun: fun, Args: args} }

func addrOf(ref goref.Ref) dst.Expr {
	return &dst.UnaryExpr{Op: token.AND, X: &dst.CompositeLit{Type: qual(ref)}}
}

func ret(results ...dst.Expr) dst.Stmt { return &dst.ReturnStmt{Results: results} }

func sel(x dst.Expr, name string) dst.Expr { return &dst.SelectorExpr{X: x, Sel: id(name)} }

// varAssert is the compile-time check `var _ iface = value`.
func varAssert(iface dst.Expr, value dst.Expr, doc ...string) *dst.GenDecl {
	spec := &dst.ValueSpec{Names: []*dst.Ident{id("_")}, Type: iface, Values: []dst.Expr{value}}
	d := &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{spec}}
	gofile.Decorate(&d.Decs.NodeDecs, doc)
	return d
}

// funcDecl declares a function or (with recv) a method with one parameter per line.
func funcDecl(recv *dst.Field, name string, params, results []*dst.Field, body []dst.Stmt, doc ...string) *dst.FuncDecl {
	d := &dst.FuncDecl{
		Name: id(name),
		Type: &dst.FuncType{
			Func:    true,
			Params:  &dst.FieldList{Opening: true, List: params, Closing: true},
			Results: &dst.FieldList{Opening: len(results) > 1, List: results, Closing: len(results) > 1},
		},
		Body: &dst.BlockStmt{List: body},
	}
	if recv != nil {
		d.Recv = &dst.FieldList{List: []*dst.Field{recv}}
	}
	if len(params) > 2 {
		for _, p := range params {
			p.Decs.Before = dst.NewLine
		}
		params[len(params)-1].Decs.After = dst.NewLine
	}
	gofile.Decorate(&d.Decs.NodeDecs, doc)
	return d
}

func field(name string, typ dst.Expr) *dst.Field {
	f := &dst.Field{Type: typ}
	if name != "" {
		f.Names = []*dst.Ident{id(name)}
	}
	return f
}

// pkgName is the package name of a non-generated import path: goref's, else its last element.
func pkgName(importPath string) string {
	if n, ok := goref.NameOf(importPath); ok {
		return n
	}
	return path.Base(importPath)
}
