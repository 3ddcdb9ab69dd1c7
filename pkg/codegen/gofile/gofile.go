// Package gofile prints generated Go files built with dst: imports resolved by the caller's
// map (no guessing, no goimports), gofmt's layout, printed once.
package gofile

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/printer"
	"go/token"
	"io"
	"slices"
	"sync/atomic"

	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
	"github.com/dave/dst/decorator/resolver"
)

// Printer prints generated files. The zero value prints each file with the direct printer
// (direct.go) and hands a file it does not support to dst's restorer and go/printer, which print
// any file; both give the same bytes.
type Printer struct {
	// Restorer prints every file through the restorer (a diagnosis switch: ASOGEN_PRINTER=restorer).
	Restorer bool
	// Fallbacks, when set, counts the files the direct printer handed to the restorer.
	Fallbacks *atomic.Int64
}

// Print restores file (a package at pkgPath) to go/ast, resolving each import path with
// names and naming the paths in aliases with their alias, and prints it in gofmt's layout.
func (p Printer) Print(file *dst.File, pkgPath string, names resolver.RestorerResolver, aliases map[string]string) ([]byte, error) {
	var out bytes.Buffer
	if err := p.PrintInto(&out, file, pkgPath, names, aliases); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// PrintInto is Print appending the bytes to out: a caller that hands each file on and forgets
// it reuses one buffer instead of allocating every file.
func (p Printer) PrintInto(out *bytes.Buffer, file *dst.File, pkgPath string, names resolver.RestorerResolver, aliases map[string]string) error {
	return p.print(out, file, nil, pkgPath, names, aliases)
}

// print is PrintInto for a file with code written as text placed among its declarations.
func (p Printer) print(out *bytes.Buffer, file *dst.File, code []placed, pkgPath string, names resolver.RestorerResolver, aliases map[string]string) error {
	if !p.Restorer {
		mark := out.Len()
		err := printDirect(out, file, code, pkgPath, names, aliases)
		if !errors.Is(err, errUnsupported) {
			return err
		}
		out.Truncate(mark)
		if p.Fallbacks != nil {
			p.Fallbacks.Add(1)
		}
	}
	return printRestored(out, file, code, pkgPath, names, aliases)
}

// printRestored restores file, with code parsed back into declarations, to go/ast and prints it
// with go/printer into out.
func printRestored(out *bytes.Buffer, file *dst.File, code []placed, pkgPath string, names resolver.RestorerResolver, aliases map[string]string) error {
	file = dst.Clone(file).(*dst.File) // the restorer maps each node once; emitters may share nodes
	if len(code) > 0 {
		decls, err := withCode(file, code, pkgPath, names, aliases)
		if err != nil {
			return fmt.Errorf("parsing code written as text: %w", err)
		}
		file.Decls = decls
	}
	r := decorator.NewRestorerWithImports(pkgPath, names)
	presize(&r.Map, file)
	fr := r.FileRestorer()
	for p, a := range aliases {
		fr.Alias[p] = a
	}
	af, err := fr.RestoreFile(file)
	if err != nil {
		return err
	}
	if err := gofmt(out, r.Fset, af); err != nil {
		return fmt.Errorf("printing: %w", err)
	}
	return nil
}

// withCode returns the file's declarations with the code parsed back into declarations, in place.
func withCode(file *dst.File, code []placed, pkgPath string, names resolver.RestorerResolver, aliases map[string]string) ([]dst.Decl, error) {
	var all []dst.Decl
	var err error
	interleave(file.Decls, code, func(d dst.Decl) { all = append(all, d) }, func(c *Code) {
		if err == nil {
			var parsed []dst.Decl
			parsed, err = c.decls(file.Name.Name, pkgPath, names, aliases)
			all = append(all, parsed...)
		}
	})
	return all, err
}

// Decorate sets a declaration apart with blank lines and gives it doc comment lines.
func Decorate(decs *dst.NodeDecs, doc []string) {
	decs.Before = dst.EmptyLine
	decs.After = dst.EmptyLine
	decs.Start = slices.Grow(decs.Start, len(doc))
	for _, line := range doc {
		decs.Start.Append("// " + line)
	}
}

// gofmtConfig is go/format's printer configuration (gofmt's layout). 1<<30 is go/format's
// printerNormalizeNumbers mode, which go/printer honours without exporting it.
var gofmtConfig = printer.Config{Mode: printer.UseSpaces | printer.TabIndent | 1<<30, Tabwidth: 8}

// gofmt prints file in gofmt's layout. go/format.Node assumes every parenthesised import block
// is unsorted and then prints, re-parses and prints the file again; dst writes the block
// sorted, so the file is printed once, and go/format.Node is used only when it is not.
// The output is gofmt-clean either way (TestEmittedFilesAreGofmtClean in pkg/codegen).
func gofmt(w io.Writer, fset *token.FileSet, file *ast.File) error {
	if !importsSorted(file) {
		return format.Node(w, fset, file)
	}
	return gofmtConfig.Fprint(w, fset, file)
}

// importsSorted reports whether the file has at most one import declaration whose paths are
// strictly increasing: what go/ast.SortImports would leave unchanged.
func importsSorted(file *ast.File) bool {
	blocks := 0
	for _, d := range file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			break
		}
		blocks++
		for i := 1; i < len(g.Specs); i++ {
			if importPath(g.Specs[i-1]) >= importPath(g.Specs[i]) {
				return false
			}
		}
	}
	return blocks <= 1
}

func importPath(s ast.Spec) string {
	return s.(*ast.ImportSpec).Path.Value
}

// presize makes dst's node maps (dst ↔ go/ast, one entry per node each way) as large as the
// file needs: growing them node by node was a tenth of the CPU of a large run.
func presize(m *decorator.Map, file *dst.File) {
	n := 0
	dst.Inspect(file, func(dst.Node) bool {
		n++
		return true
	})
	m.Ast.Nodes = make(map[dst.Node]ast.Node, n)
	m.Dst.Nodes = make(map[ast.Node]dst.Node, n)
}
