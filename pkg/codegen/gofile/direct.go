package gofile

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"sync"
	"text/tabwriter"

	"github.com/dave/dst"
	"github.com/dave/dst/decorator/resolver"
)

// The direct printer writes a dst file in gofmt's layout without restoring it to go/ast and
// running go/printer, which was most of the time of a large run. It knows the shapes asogen's
// emitters build (declarations with doc comments, struct and const blocks, methods with
// if/for/switch bodies, single-line expressions) and reproduces go/printer's rules for them:
// column alignment through the same text/tabwriter settings, operator spacing by precedence
// and depth, doc comment reformatting through go/doc/comment, dst's import block.
//
// Anything else (a decoration it does not place, a node type it does not print) makes it give
// up with errUnsupported, and Print uses the restorer and go/printer for that file. Tests print
// every file of the default config, the real Azure corpus and a synthetic corpus both ways and
// require identical bytes (direct_test.go).

// errUnsupported reports a file the direct printer does not print; Print falls back.
var errUnsupported = errors.New("gofile: shape not supported by the direct printer")

// unsupported carries errUnsupported through the recursive printer as a panic.
type unsupported struct{ what string }

func giveUp(what string) { panic(unsupported{what}) }

// directPrinter is the state of one direct printing.
type directPrinter struct {
	out     bytes.Buffer
	indent  int
	pkgPath string
	imports *imports
	tw      *tabwriter.Writer
	cells   bytes.Buffer // the aligned block being built (see align.go)
}

// printDirect prints file like Print into out, or returns errUnsupported (and out as it was).
func printDirect(out *bytes.Buffer, file *dst.File, code []placed, pkgPath string, names resolver.RestorerResolver, aliases map[string]string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = recovered(r)
		}
	}()
	im := newImports(pkgPath, names, aliases)
	p := printers.Get().(*directPrinter)
	defer p.release()
	p.pkgPath, p.imports = pkgPath, im
	head := p.head(file)
	p.decls(file.Decls, code)
	if im.settle() {
		// two imports wanted the same name: print again with the numbered names
		p.out.Reset()
		p.decls(file.Decls, code)
	}
	im.join(out, head, p.out.Bytes())
	return nil
}

// printers keeps directPrinters between files, so their buffers (which grow to the size of a
// file) are allocated once per worker rather than grown again for every file.
var printers = sync.Pool{New: func() any { return new(directPrinter) }}

// release empties p and hands it back to printers.
func (p *directPrinter) release() {
	p.out.Reset()
	p.cells.Reset()
	p.indent, p.pkgPath, p.imports = 0, "", nil
	printers.Put(p)
}

// recovered turns the printer's panics back into errors.
func recovered(r any) error {
	switch r := r.(type) {
	case unsupported:
		return fmt.Errorf("%w: %s", errUnsupported, r.what)
	case resolveError:
		return r.err
	}
	panic(r)
}

// head prints the file's leading comments and package clause and returns them.
func (p *directPrinter) head(f *dst.File) []byte {
	checkNode(&f.Decs.NodeDecs, f.Decs.Package, f.Decs.Name)
	for _, d := range f.Decls {
		if g, ok := d.(*dst.GenDecl); ok && g.Tok == token.IMPORT {
			giveUp("explicit import declaration")
		}
	}
	p.fileComments(f.Decs.Start)
	p.str("package ")
	p.str(f.Name.Name)
	p.nl()
	head := bytes.Clone(p.out.Bytes())
	p.out.Reset()
	return head
}

// decls prints the declarations, each after a blank line, and the code written as text in its
// place among them.
func (p *directPrinter) decls(decls []dst.Decl, code []placed) {
	interleave(decls, code, p.topDecl, p.code)
}

// fileComments prints the file's leading comment groups; the group just above the package
// clause is its doc comment and is formatted as go/printer formats doc comments.
func (p *directPrinter) fileComments(decs dst.Decorations) {
	last := 0
	for i, d := range decs {
		if d == "\n" {
			last = i + 1
		}
	}
	for i, d := range decs[:last] {
		if d == "\n" {
			if i == 0 || decs[i-1] == "\n" {
				giveUp("file comment layout")
			}
			p.nl()
			continue
		}
		p.comment(d)
		p.nl()
	}
	p.docComment(decs[last:])
}

// topDecl prints a top-level declaration set apart by one blank line.
func (p *directPrinter) topDecl(d dst.Decl) {
	decs := d.Decorations()
	if decs.Before != dst.EmptyLine || (decs.After != dst.EmptyLine && decs.After != dst.None) || len(decs.End) > 0 {
		giveUp("top-level declaration spacing")
	}
	p.nl()
	p.docComment(decs.Start)
	switch d := d.(type) {
	case *dst.FuncDecl:
		p.funcDecl(d)
	case *dst.GenDecl:
		p.genDecl(d)
	default:
		giveUp(fmt.Sprintf("declaration %T", d))
	}
	p.nl()
}

// Output helpers.

func (p *directPrinter) str(s string) { p.out.WriteString(s) }

func (p *directPrinter) nl() { p.out.WriteByte('\n') }

// line starts a new line at the current indentation.
func (p *directPrinter) line() {
	p.out.WriteByte('\n')
	p.tabs()
}

func (p *directPrinter) tabs() {
	for range p.indent {
		p.out.WriteByte('\t')
	}
}

// checkNode gives up on decorations the direct printer does not place: anything in End, and
// any of the node-specific decoration points given.
func checkNode(d *dst.NodeDecs, points ...dst.Decorations) {
	if len(d.End) > 0 {
		giveUp("end-of-node comment")
	}
	for _, ds := range points {
		if len(ds) > 0 {
			giveUp("comment inside a node")
		}
	}
}

// checkExpr gives up on an expression with any decoration: expressions print on one line.
func checkExpr(d *dst.NodeDecs, points ...dst.Decorations) {
	if d.Before != dst.None || d.After != dst.None || len(d.Start) > 0 {
		giveUp("decorated expression")
	}
	checkNode(d, points...)
}
