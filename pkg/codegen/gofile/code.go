package gofile

import (
	"bytes"
	"go/token"
	"strconv"
	"sync"

	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
	"github.com/dave/dst/decorator/resolver"
	"github.com/dave/dst/decorator/resolver/goast"
)

// Code is top-level declarations written directly as text in gofmt's layout, for an emitter
// whose output is regular enough to need no syntax tree (conversions: half of a large run's
// bytes, and most of its allocation when they were built as dst trees).
//
// A qualified identifier leaves a hole where its package's name goes: the file fills it when it
// prints, from the same import table as its dst declarations, so imports stay right by
// construction. The direct printer copies the text; the restorer parses it back into dst and
// prints it with go/printer, so the tests that print corpora both ways check that the text is
// exactly what gofmt would print.
//
// Writers start each declaration with Decl, each statement with Line, and open and close
// blocks with Open and Close; everything else is written as it should appear.
type Code struct {
	text   []byte
	holes  []hole
	indent int
	open   bool // a declaration is being written
}

// NewCode returns an empty Code whose buffers may come from a Code released before (see
// File.Release): a large run writes hundreds of megabytes of code, and growing a buffer for every
// file was most of the cost of writing it. The zero Code is ready to use too.
func NewCode() *Code { return codes.Get().(*Code) }

var codes = sync.Pool{New: func() any { return new(Code) }}

// release empties c and keeps its buffers for NewCode; c must not be used afterwards.
func (c *Code) release() {
	clear(c.holes) // drop the paths' strings
	*c = Code{text: c.text[:0], holes: c.holes[:0]}
	codes.Put(c)
}

// placed is code and the index of the declaration it prints before (the number of declarations
// before it).
type placed struct {
	at   int
	code *Code
}

// interleave calls decl for each declaration and code for each placed code, in file order.
func interleave(decls []dst.Decl, code []placed, decl func(dst.Decl), text func(*Code)) {
	k := 0
	for i, d := range decls {
		for ; k < len(code) && code[k].at <= i; k++ {
			text(code[k].code)
		}
		decl(d)
	}
	for ; k < len(code); k++ {
		text(code[k].code)
	}
}

// hole is where the name of the package at path goes, followed by a dot.
type hole struct {
	at   int
	path string
}

// S writes the strings one after the other (several arguments rather than one concatenation:
// nothing is allocated).
func (c *Code) S(strs ...string) {
	for _, s := range strs {
		c.text = append(c.text, s...)
	}
}

// Q writes the identifier name of the package at path.
func (c *Code) Q(path, name string) {
	c.holes = append(c.holes, hole{at: len(c.text), path: path})
	c.text = append(c.text, name...)
}

// Quote writes s as a Go string literal.
func (c *Code) Quote(s string) { c.text = strconv.AppendQuote(c.text, s) }

// Line starts a new line at the current indentation.
func (c *Code) Line() {
	c.text = append(c.text, '\n')
	for range c.indent {
		c.text = append(c.text, '\t')
	}
}

// Open writes " {" and indents what follows.
func (c *Code) Open() {
	c.text = append(c.text, " {"...)
	c.indent++
}

// Close ends the block Open started, on a line of its own.
func (c *Code) Close() {
	c.indent--
	c.Line()
	c.text = append(c.text, '}')
}

// EmptyBody writes the body of a function without statements after its header of header bytes,
// as go/printer does: on the header's line when both fit in 100 columns.
func (c *Code) EmptyBody(header int) {
	if header <= maxLine {
		c.S(" {}")
		return
	}
	c.S(" {")
	c.Line()
	c.S("}")
}

// Decl starts a top-level declaration: the blank line before it and its doc comment lines
// (formatted as go/printer formats doc comments).
func (c *Code) Decl(doc ...string) {
	c.end()
	c.open = true
	c.text = append(c.text, '\n')
	if plainText(doc) {
		for _, l := range doc {
			c.text = append(c.text, "// "...)
			c.text = append(c.text, l...)
			c.text = append(c.text, '\n')
		}
		return
	}
	lines := make([]string, len(doc))
	for i, l := range doc {
		lines[i] = "// " + l
	}
	for _, l := range formatDoc(lines) {
		c.text = append(c.text, trimRightSpace(l)...)
		c.text = append(c.text, '\n')
	}
}

// end ends the declaration being written.
func (c *Code) end() {
	if c.open {
		c.text = append(c.text, '\n')
		c.open = false
	}
}

// plainText is plainDoc for comment text without its "// ".
func plainText(lines []string) bool {
	for _, l := range lines {
		if !plainLine(l) {
			return false
		}
	}
	return true
}

// code copies the code into p's output, filling each hole with the name of its package.
func (p *directPrinter) code(c *Code) {
	c.fill(&p.out, p.pkgPath, p.imports.name)
}

// fill writes the text to w with each hole filled with name(path) and a dot, except the holes of
// pkgPath, the file's own package.
func (c *Code) fill(w *bytes.Buffer, pkgPath string, name func(path string) string) {
	from := 0
	for _, h := range c.holes {
		w.Write(c.text[from:h.at])
		from = h.at
		if h.path != pkgPath {
			w.WriteString(name(h.path))
			w.WriteByte('.')
		}
	}
	w.Write(c.text[from:])
}

// decls parses the code back into dst declarations whose identifiers carry their import paths,
// for the restorer. Each hole is filled with the name the file's import table gives its package
// (numbered where two would clash), imported under that name explicitly, so the parse resolves
// every qualified identifier to its path; the restorer then names the imports itself.
func (c *Code) decls(pkgName, pkgPath string, names resolver.RestorerResolver, aliases map[string]string) ([]dst.Decl, error) {
	used, err := c.importNames(pkgPath, names, aliases)
	if err != nil {
		return nil, err
	}
	var src bytes.Buffer
	src.WriteString("package " + pkgName + "\n")
	for _, path := range sortedPaths(used) {
		src.WriteString("\nimport " + used[path] + " " + strconv.Quote(path) + "\n")
	}
	c.fill(&src, pkgPath, func(path string) string { return used[path] })
	d := decorator.NewDecoratorWithImports(token.NewFileSet(), pkgPath, goast.WithResolver(names))
	f, err := d.Parse(src.Bytes())
	if err != nil {
		return nil, err
	}
	var out []dst.Decl
	for _, decl := range f.Decls {
		if g, ok := decl.(*dst.GenDecl); ok && g.Tok == token.IMPORT {
			continue
		}
		out = append(out, decl)
	}
	return out, nil
}

// importNames names the packages of the code's holes as the direct printer does (imports.settle).
func (c *Code) importNames(pkgPath string, names resolver.RestorerResolver, aliases map[string]string) (used map[string]string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = recovered(r)
		}
	}()
	im := newImports(pkgPath, names, aliases)
	for _, h := range c.holes {
		if h.path != pkgPath {
			im.name(h.path)
		}
	}
	im.settle()
	return im.names, nil
}
