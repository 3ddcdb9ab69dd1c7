package gofile

import (
	"fmt"
	"go/token"

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
	p.funcBody(d.Body, header)
}

// funcBody prints a function's block. go/printer keeps a body on one line only when its braces
// are on one line in the source, which for dst means a body without line-broken statements.
func (p *directPrinter) funcBody(b *dst.BlockStmt, header int) {
	if len(b.List) == 0 {
		checkBlock(b)
		if header <= 100 && !emptyMultiLine(b) {
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
	if !broken {
		giveUp("one-line function body")
	}
	p.str(" ")
	p.block(b)
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

// params prints a parameter list on one line.
func (p *directPrinter) params(fl *dst.FieldList) {
	checkExpr(&fl.Decs.NodeDecs, fl.Decs.Opening)
	p.str("(")
	for i, f := range fl.List {
		if i > 0 {
			p.str(", ")
		}
		p.fieldDecs(f)
		p.identList(f.Names)
		if len(f.Names) > 0 {
			p.str(" ")
		}
		p.expr(f.Type)
	}
	p.str(")")
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
