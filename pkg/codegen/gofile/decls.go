package gofile

import (
	"bytes"
	"fmt"
	"go/token"
	"strings"

	"github.com/dave/dst"
)

// funcDecl prints `func (recv) Name(params) results {body}`. A body without statements stays
// on the header's line when go/printer would keep it there (header and body within 100 columns).
func (p *directPrinter) funcDecl(d *dst.FuncDecl) {
	checkNode(&d.Decs.NodeDecs, d.Decs.Func, d.Decs.Recv, d.Decs.Name, d.Decs.TypeParams, d.Decs.Params, d.Decs.Results)
	start := p.out.Len()
	p.str("func ")
	if d.Recv != nil {
		p.params(d.Recv)
		p.str(" ")
	}
	p.ident(d.Name)
	p.signature(d.Type)
	if d.Body == nil {
		return
	}
	header := p.out.Len() - start // go/printer counts columns in bytes
	if bytes.IndexByte(p.out.Bytes()[start:], '\n') >= 0 {
		header = maxLine + 1 // a header over several lines never keeps its body on its line
	}
	p.funcBody(d.Body, header)
}

// funcBody prints a function's block. go/printer keeps a body on one line only when its braces
// are on one line in the source, which for dst means a body without line-broken statements.
func (p *directPrinter) funcBody(b *dst.BlockStmt, header int) {
	if len(b.List) == 0 {
		checkBlock(b)
		if header <= maxLine && !emptyMultiLine(b) {
			p.str(" {}")
		} else {
			p.str(" {\n")
			p.tabs()
			p.str("}")
		}
		return
	}
	broken := false
	for _, s := range b.List {
		broken = broken || s.Decorations().Before != dst.None
	}
	if !broken && p.oneLineBody(b, header) {
		return
	}
	p.str(" ")
	p.block(b)
}

// maxLine is go/printer's limit for keeping a function body on its header's line.
const maxLine = 100

// oneLineBody prints `{ s1; s2 }` when go/printer would: at most five statements, each on one
// line, fitting with the header in maxLine columns. dst places statements without line breaks
// on the line of the opening brace, which is what go/printer looks at.
func (p *directPrinter) oneLineBody(b *dst.BlockStmt, header int) bool {
	checkBlock(b)
	if len(b.List) > 5 || header > maxLine {
		return false
	}
	texts := make([]string, len(b.List))
	size := 2 * (len(b.List) - 1)
	for i, s := range b.List {
		texts[i] = p.sub(func() { p.stmt(s) })
		if strings.IndexByte(texts[i], '\n') >= 0 {
			return false
		}
		size += len(texts[i])
	}
	if header+size > maxLine {
		return false
	}
	p.str(" { ")
	p.str(strings.Join(texts, "; "))
	p.str(" }")
	return true
}

// signature prints (params) and the results: a single unnamed result without parentheses.
func (p *directPrinter) signature(t *dst.FuncType) {
	checkNode(&t.Decs.NodeDecs, t.Decs.Func, t.Decs.TypeParams, t.Decs.Params)
	if t.TypeParams != nil {
		giveUp("type parameters")
	}
	p.params(t.Params)
	res := t.Results
	if res == nil || len(res.List) == 0 {
		return
	}
	p.str(" ")
	if len(res.List) == 1 && len(res.List[0].Names) == 0 {
		p.fieldDecs(res.List[0])
		p.expr(res.List[0].Type)
		return
	}
	p.params(res)
}

// params prints a parameter list: on one line, or one parameter per line when every
// parameter starts a line and the closing parenthesis has a line of its own.
func (p *directPrinter) params(fl *dst.FieldList) {
	checkExpr(&fl.Decs.NodeDecs, fl.Decs.Opening)
	if len(fl.List) > 0 && fl.List[0].Decs.Before == dst.NewLine {
		p.paramLines(fl.List)
		return
	}
	p.str("(")
	for i, f := range fl.List {
		if i > 0 {
			p.str(", ")
		}
		p.fieldDecs(f)
		p.param(f)
	}
	p.str(")")
}

func (p *directPrinter) paramLines(list []*dst.Field) {
	p.str("(")
	p.indent++
	for i, f := range list {
		if f.Decs.Before != dst.NewLine || !endsLine(f.Decs.After, i == len(list)-1) {
			giveUp("parameters partly on one line")
		}
		p.line()
		p.withoutSpacing(&f.Decs.NodeDecs, func() { p.fieldDecs(f) })
		p.param(f)
		p.str(",")
	}
	p.indent--
	p.line()
	p.str(")")
}

func (p *directPrinter) param(f *dst.Field) {
	p.identList(f.Names)
	if len(f.Names) > 0 {
		p.str(" ")
	}
	p.expr(f.Type)
}

// withoutSpacing runs check with the node's line breaks cleared, which the caller has placed.
func (p *directPrinter) withoutSpacing(d *dst.NodeDecs, check func()) {
	before, after := d.Before, d.After
	d.Before, d.After = dst.None, dst.None
	defer func() { d.Before, d.After = before, after }()
	check()
}

// fieldDecs gives up on a parameter or result with decorations (a line break, a comment).
func (p *directPrinter) fieldDecs(f *dst.Field) {
	if f.Tag != nil {
		giveUp("tagged parameter")
	}
	checkExpr(&f.Decs.NodeDecs, f.Decs.Type)
}

func (p *directPrinter) identList(ids []*dst.Ident) {
	for i, id := range ids {
		if i > 0 {
			p.str(", ")
		}
		p.ident(id)
	}
}

// genDecl prints a type, const or var declaration.
func (p *directPrinter) genDecl(d *dst.GenDecl) {
	checkNode(&d.Decs.NodeDecs, d.Decs.Tok, d.Decs.Lparen)
	p.str(d.Tok.String())
	p.str(" ")
	if !d.Lparen && len(d.Specs) == 1 {
		p.spec(d.Specs[0], d.Tok)
		return
	}
	if d.Tok == token.TYPE || d.Tok == token.IMPORT {
		giveUp("grouped " + d.Tok.String() + " declaration")
	}
	p.str("(")
	if len(d.Specs) > 0 {
		p.valueBlock(d.Specs)
		p.tabs()
	}
	p.str(")")
}

// spec prints the single spec of an ungrouped declaration.
func (p *directPrinter) spec(s dst.Spec, tok token.Token) {
	switch s := s.(type) {
	case *dst.TypeSpec:
		checkNode(&s.Decs.NodeDecs, s.Decs.Name, s.Decs.TypeParams)
		if s.TypeParams != nil || s.Assign || len(s.Decs.Start) > 0 {
			giveUp("type spec shape")
		}
		p.ident(s.Name)
		p.str(" ")
		p.typeExpr(s.Type)
	case *dst.ValueSpec:
		checkNode(&s.Decs.NodeDecs, s.Decs.Assign)
		if len(s.Decs.Start) > 0 {
			giveUp("value spec comment")
		}
		p.identList(s.Names)
		if s.Type != nil {
			p.str(" ")
			p.expr(s.Type)
		}
		if s.Values != nil {
			p.str(" = ")
			p.exprList(s.Values, 1)
		}
	default:
		giveUp(fmt.Sprintf("%s spec %T", tok, s))
	}
}

// typeExpr prints the type of a type declaration: a struct gets its aligned field block.
func (p *directPrinter) typeExpr(t dst.Expr) {
	if st, ok := t.(*dst.StructType); ok {
		p.structType(st)
		return
	}
	p.expr(t)
}

// endsLine checks the spacing after an element of a list printed one per line: the last one
// must end its line (the closing bracket gets a line of its own), the others may.
func endsLine(after dst.SpaceType, last bool) bool {
	return after == dst.NewLine || (!last && after == dst.None)
}
