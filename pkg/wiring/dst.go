package wiring

import (
	"fmt"
	"go/token"
	"path"
	"strconv"
	"strings"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/codegen/fileset"
	"github.com/asogen/asogen/pkg/codegen/gofile"
)

// goFile is one generated Go file under construction. Identifiers carry their import path
// (qual); printing adds the imports with the aliases recorded here, so imports are right by
// construction.
type goFile struct {
	pkgPath string
	pkgName string
	decls   []dst.Decl
	aliases map[string]string // import path → alias
	names   map[string]string // import path → package name
}

func newGoFile(pkgPath, pkgName string) *goFile {
	return &goFile{pkgPath: pkgPath, pkgName: pkgName, aliases: map[string]string{}, names: map[string]string{}}
}

// use records the package name of an import path (and its alias when it differs).
func (f *goFile) use(importPath, name, alias string) {
	f.names[importPath] = name
	if alias != "" && alias != name {
		f.aliases[importPath] = alias
	}
}

// ResolvePackage implements the dst restorer's resolver: every import path must be declared.
func (f *goFile) ResolvePackage(importPath string) (string, error) {
	if n, ok := f.names[importPath]; ok {
		return n, nil
	}
	if strings.Contains(importPath, "/") || runtimeNames[importPath] != "" {
		return pkgName(importPath), nil // runtime and library packages: named after their folder
	}
	return "", fmt.Errorf("wiring: undeclared import path %q", importPath)
}

// runtimeNames are the package names of the fixed imports generated wiring uses; other
// library packages are named after their last path element.
var runtimeNames = map[string]string{
	ContextPath: "context", FmtPath: "fmt", ReflectPath: "reflect", LogrPath: "logr",
	GenRuntimePath: "genruntime", ExtensionsPath: "extensions", ResolverPath: "resolver",
	GenericARMClientPath: "genericarmclient", ConversionPath: "conversion", SchemaPath: "schema",
	RuntimePath: "runtime", RegistrationPath: "registration",
}

func (f *goFile) add(decls ...dst.Decl) { f.decls = append(f.decls, decls...) }

// printed prints a built file with the default printer.
func printed(f *goFile, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return f.print(gofile.Printer{})
}

// print renders the file with the generated header, gofmt-clean.
func (f *goFile) print(p gofile.Printer) ([]byte, error) {
	file := &dst.File{Name: dst.NewIdent(f.pkgName), Decls: f.decls}
	file.Decs.Start.Append(fileset.Header, "\n")
	out, err := p.Print(file, f.pkgPath, f, f.aliases)
	if err != nil {
		return nil, fmt.Errorf("printing %s: %w", f.pkgPath, err)
	}
	return out, nil
}

// Small constructors: each call returns fresh nodes, since dst refuses to print a node twice.

func id(name string) *dst.Ident { return dst.NewIdent(name) }

func qual(ref GoRef) *dst.Ident { return &dst.Ident{Name: ref.Name, Path: ref.Path} }

func typeExpr(ref GoRef, pointer bool) dst.Expr {
	var x dst.Expr = qual(ref)
	if pointer {
		x = &dst.StarExpr{X: x}
	}
	return x
}

func str(s string) *dst.BasicLit { return &dst.BasicLit{Kind: token.STRING, Value: strconv.Quote(s)} }

func call(fun dst.Expr, args ...dst.Expr) *dst.CallExpr { return &dst.CallExpr{Fun: fun, Args: args} }

func addrOf(ref GoRef) dst.Expr {
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

// pkgName guesses the package name of a non-generated import path from its last element.
func pkgName(importPath string) string {
	if n, ok := runtimeNames[importPath]; ok {
		return n
	}
	return path.Base(importPath)
}
