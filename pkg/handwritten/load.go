// Package handwritten finds the methods users wrote in the customizations packages: go list
// (go/packages) finds the packages' files, go/parser reads the hand-written ones. It runs at the
// boundary (the CLI, through pkg/inputs); the generator only receives what it found (Found).
package handwritten

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/header"
)

// loadMode is all the checker asks of go/packages: package names and files. Without
// NeedImports, NeedDeps or NeedSyntax, `go list` runs with -find: it does not even resolve the
// imports of the customizations packages, so the cost does not grow with the number of API
// packages, and broken or missing generated code does not matter. The checker parses the
// hand-written files itself, skipping generated ones (parseHandWritten).
const loadMode = packages.NeedName | packages.NeedFiles

// ParamType is a parameter type of a hand-written method, resolved through the file's imports.
type ParamType struct {
	Path    string // import path; "" for a type of the same package or a predeclared one
	Name    string
	Pointer bool
	Source  string // as written, e.g. "*network20240301s.PrivateEndpoint"
	Pos     diag.Pos
}

// Method is a method declared in a hand-written file of a customizations package.
type Method struct {
	Group  string
	Host   string // receiver type name, e.g. "PrivateEndpointExtension"
	OnHost bool   // the receiver is named like a host, "<Kind>Extension"
	Name   string
	Pos    diag.Pos // file relative to the project folder
	File   string   // absolute path of the file
	Params []ParamType
}

// Found is what was found of the hand-written code: the methods (Load), the key of the files
// and go settings they were read with, and the error of loading or parsing them (reported when
// the generator checks the code, after the model is built).
type Found struct {
	Methods []Method
	Key     string
	Err     error
}

// Package is a customizations package: its group, its folder (relative to the project folder,
// slash-separated) and its import path.
type Package struct {
	Group, Dir, Import string
}

// Load loads the customizations packages (one go/packages call; packages without a folder are
// skipped) with go list run in env (the go environment), and returns the methods declared in
// hand-written files on types named "<Kind>Extension", and the methods called one of names (the
// hand-written methods of the extension points) on any other receiver. Generated files are
// not parsed.
func Load(dir string, pkgs []Package, names, env []string) ([]Method, error) {
	var patterns []string
	byPath := map[string]string{}
	for _, p := range pkgs {
		abs := filepath.Join(dir, filepath.FromSlash(p.Dir))
		if info, err := os.Stat(abs); err == nil && info.IsDir() {
			patterns = append(patterns, "./"+p.Dir)
			byPath[p.Import] = p.Group
		}
	}
	if len(patterns) == 0 {
		return nil, nil
	}
	// GOPROXY=off: an import of a package that is not generated yet must not send go list to
	// the network looking for a module that provides it.
	env = append(slices.Clip(env), "GOPROXY=off")
	loaded, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir, Env: env}, patterns...)
	if err != nil {
		// go list itself failed: not a problem of the hand-written code (exit 3, not 2).
		return nil, fmt.Errorf("loading the customizations packages in %s with go list: %w", dir, err)
	}
	var out []Method
	var errs diag.List
	fset := token.NewFileSet()
	for _, pkg := range loaded {
		for _, file := range pkg.GoFiles {
			f, err := parseHandWritten(fset, file)
			if err != nil {
				errs.Merge(ParseError(dir, err))
				continue
			}
			if f != nil {
				out = append(out, fileMethods(dir, byPath[pkg.PkgPath], file, fset, f, names)...)
			}
		}
	}
	return out, errs.Err()
}

// parseHandWritten parses a hand-written file; a generated one (header or _gen.go name) is not
// parsed at all, so stale generated code is never read.
func parseHandWritten(fset *token.FileSet, filename string) (*ast.File, error) {
	if strings.HasSuffix(filename, "_gen.go") {
		return nil, nil
	}
	src, err := os.ReadFile(filename)
	if err != nil || header.IsGenerated(src) {
		return nil, err
	}
	return parser.ParseFile(fset, filename, src, parser.SkipObjectResolution)
}

// ParseError turns a go/scanner error list into positioned errors, each file named relative to
// dir (as given when it is not below dir); another error comes back as it is.
func ParseError(dir string, err error) error {
	var list scanner.ErrorList
	if !errors.As(err, &list) {
		return err
	}
	var errs diag.List
	for _, e := range list {
		file := RelTo(dir, e.Pos.Filename)
		errs.Add(diag.Pos{File: file, Line: e.Pos.Line, Col: e.Pos.Column}, "syntax error: %s", e.Msg)
	}
	return errs
}

// fileMethods collects the methods on extension hosts declared in one file.
func fileMethods(dir, group, file string, fset *token.FileSet, f *ast.File, names []string) []Method {
	imports := fileImports(f)
	var out []Method
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 {
			continue
		}
		host := receiverName(fn.Recv.List[0].Type)
		onHost := strings.HasSuffix(host, "Extension") && host != "Extension"
		if !onHost && !slices.Contains(names, fn.Name.Name) {
			continue
		}
		m := Method{Group: group, Host: host, OnHost: onHost, Name: fn.Name.Name, File: file, Pos: position(dir, fset, fn.Name.Pos())}
		for _, field := range fn.Type.Params.List {
			t := resolveType(field.Type, imports)
			t.Pos = position(dir, fset, field.Type.Pos())
			for range max(1, len(field.Names)) {
				m.Params = append(m.Params, t)
			}
		}
		out = append(out, m)
	}
	return out
}

func receiverName(x ast.Expr) string {
	if s, ok := x.(*ast.StarExpr); ok {
		x = s.X
	}
	if id, ok := x.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// fileImports maps each import name used in the file to its path. An import without alias is
// known by its last path element, which is the package name of every package the wiring uses.
func fileImports(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		name := path.Base(p)
		if spec.Name != nil {
			name = spec.Name.Name
		}
		out[name] = p
	}
	return out
}

// resolveType resolves `T`, `*T`, `q.T` and `*q.T`; anything else keeps only its source text.
func resolveType(x ast.Expr, imports map[string]string) ParamType {
	t := ParamType{Source: exprString(x)}
	if s, ok := x.(*ast.StarExpr); ok {
		t.Pointer = true
		x = s.X
	}
	switch x := x.(type) {
	case *ast.Ident:
		t.Name = x.Name
	case *ast.SelectorExpr:
		if q, ok := x.X.(*ast.Ident); ok {
			t.Path, t.Name = imports[q.Name], x.Sel.Name
		}
	}
	return t
}

func exprString(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.StarExpr:
		return "*" + exprString(x.X)
	case *ast.SelectorExpr:
		return exprString(x.X) + "." + x.Sel.Name
	}
	return "(unsupported type expression)"
}

// position renders a token position with the file relative to the project folder.
func position(dir string, fset *token.FileSet, pos token.Pos) diag.Pos {
	p := fset.Position(pos)
	return diag.Pos{File: RelTo(dir, p.Filename), Line: p.Line, Col: p.Column}
}

// RelTo is file relative to dir, slash-separated, or file itself when it lies outside dir: how
// hand-written files are named in messages.
func RelTo(dir, file string) string {
	if rel, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return file
}
