package gofile

import (
	"fmt"

	"github.com/dave/dst"
)

// block prints {stmts}: each statement on a line of its own, one level deeper.
func (p *directPrinter) block(b *dst.BlockStmt) {
	checkBlock(b)
	p.str("{")
	p.indent++
	p.stmtList(b.List)
	p.indent--
	p.line()
	p.str("}")
}

// checkBlock gives up on comments at a block's braces. A line break after the opening brace of
// an empty block (how a parsed "{\n}" looks) prints as go/printer prints any empty block.
func checkBlock(b *dst.BlockStmt) {
	checkNode(&b.Decs.NodeDecs)
	if len(b.Decs.Lbrace) > 0 && !emptyMultiLine(b) {
		giveUp("comment at an opening brace")
	}
}

func emptyMultiLine(b *dst.BlockStmt) bool {
	return len(b.List) == 0 && len(b.Decs.Lbrace) == 1 && b.Decs.Lbrace[0] == "\n"
}

// stmtList prints statements on lines of their own at the current indentation, keeping a
// blank line before a statement decorated with one.
func (p *directPrinter) stmtList(list []dst.Stmt) {
	blank := false // the previous statement asks for a blank line after it
	for i, s := range list {
		d := s.Decorations()
		if len(d.Start) > 0 || len(d.End) > 0 {
			giveUp("decorated statement")
		}
		if (blank || d.Before == dst.EmptyLine) && i == 0 {
			giveUp("blank line opening a block")
		}
		if blank || d.Before == dst.EmptyLine {
			p.nl()
		}
		blank = d.After == dst.EmptyLine
		if blank && i == len(list)-1 {
			giveUp("blank line closing a block")
		}
		p.line()
		p.stmt(s)
	}
}

// stmt prints one statement (go/printer's stmt for the statements asogen emits).
func (p *directPrinter) stmt(s dst.Stmt) {
	switch s := s.(type) {
	case *dst.AssignStmt:
		p.assign(s)
	case *dst.ReturnStmt:
		checkNode(&s.Decs.NodeDecs, s.Decs.Return)
		p.str("return")
		if len(s.Results) > 0 {
			p.str(" ")
			p.exprList(s.Results, 1)
		}
	case *dst.ExprStmt:
		checkNode(&s.Decs.NodeDecs)
		p.expr0(s.X, 1)
	case *dst.IfStmt:
		p.ifStmt(s)
	case *dst.RangeStmt:
		p.rangeStmt(s)
	case *dst.SwitchStmt:
		p.switchStmt(s)
	case *dst.TypeSwitchStmt:
		p.typeSwitchStmt(s)
	case *dst.ForStmt:
		p.forStmt(s)
	case *dst.DeclStmt:
		checkNode(&s.Decs.NodeDecs)
		g, ok := s.Decl.(*dst.GenDecl)
		if !ok || len(g.Decs.Start) > 0 || g.Decs.Before == dst.EmptyLine {
			giveUp("declaration statement shape")
		}
		p.genDecl(g)
	case *dst.BlockStmt:
		p.block(s)
	default:
		giveUp(fmt.Sprintf("statement %T", s))
	}
}

// assign prints lhs tok rhs; go/printer prints both lists one level deeper when both have
// several expressions.
func (p *directPrinter) assign(s *dst.AssignStmt) {
	checkNode(&s.Decs.NodeDecs, s.Decs.Tok)
	depth := 1
	if len(s.Lhs) > 1 && len(s.Rhs) > 1 {
		depth++
	}
	p.exprList(s.Lhs, depth)
	p.str(" ")
	p.str(s.Tok.String())
	p.str(" ")
	p.exprList(s.Rhs, depth)
}

// ifStmt prints if [init; ]cond {body} [else ...].
func (p *directPrinter) ifStmt(s *dst.IfStmt) {
	checkNode(&s.Decs.NodeDecs, s.Decs.If, s.Decs.Init, s.Decs.Cond, s.Decs.Else)
	p.str("if ")
	if s.Init != nil {
		p.simpleStmt(s.Init)
		p.str("; ")
	}
	p.condition(s.Cond)
	p.str(" ")
	p.block(s.Body)
	if s.Else == nil {
		return
	}
	p.str(" else ")
	switch e := s.Else.(type) {
	case *dst.BlockStmt:
		p.block(e)
	case *dst.IfStmt:
		checkExpr(&e.Decs.NodeDecs)
		p.ifStmt(e)
	default:
		giveUp("else branch shape")
	}
}

// simpleStmt prints the init statement of an if or switch.
func (p *directPrinter) simpleStmt(s dst.Stmt) {
	d := s.Decorations()
	if d.Before != dst.None || d.After != dst.None || len(d.Start) > 0 {
		giveUp("decorated init statement")
	}
	p.stmt(s)
}

// condition prints a control clause's expression (go/printer strips parentheses there).
func (p *directPrinter) condition(x dst.Expr) {
	if _, ok := x.(*dst.ParenExpr); ok {
		giveUp("parenthesised condition")
	}
	p.expr(x)
}

// rangeStmt prints for key, value := range x {body}.
func (p *directPrinter) rangeStmt(s *dst.RangeStmt) {
	checkNode(&s.Decs.NodeDecs, s.Decs.For, s.Decs.Key, s.Decs.Value, s.Decs.Range, s.Decs.X)
	p.str("for ")
	if s.Key != nil {
		p.expr(s.Key)
		if s.Value != nil {
			p.str(", ")
			p.expr(s.Value)
		}
		p.str(" ")
		p.str(s.Tok.String())
		p.str(" ")
	}
	p.str("range ")
	p.condition(s.X)
	p.str(" ")
	p.block(s.Body)
}

// switchStmt prints switch [tag] {cases}: case clauses at the switch's indentation.
func (p *directPrinter) switchStmt(s *dst.SwitchStmt) {
	checkNode(&s.Decs.NodeDecs, s.Decs.Switch, s.Decs.Init, s.Decs.Tag)
	if s.Init != nil {
		giveUp("switch with init statement")
	}
	p.str("switch ")
	if s.Tag != nil {
		p.condition(s.Tag)
		p.str(" ")
	}
	p.caseBlock(s.Body)
}

// typeSwitchStmt prints switch x := y.(type) {cases}, like switchStmt.
func (p *directPrinter) typeSwitchStmt(s *dst.TypeSwitchStmt) {
	checkNode(&s.Decs.NodeDecs, s.Decs.Switch, s.Decs.Init, s.Decs.Assign)
	if s.Init != nil {
		giveUp("type switch with init statement")
	}
	p.str("switch ")
	p.simpleStmt(s.Assign)
	p.str(" ")
	p.caseBlock(s.Body)
}

// caseBlock prints a switch body: case clauses at the switch's indentation.
func (p *directPrinter) caseBlock(body *dst.BlockStmt) {
	checkBlock(body)
	p.str("{")
	for _, c := range body.List {
		cc, ok := c.(*dst.CaseClause)
		if !ok {
			giveUp("switch body shape")
		}
		p.caseClause(cc)
	}
	p.line()
	p.str("}")
}

func (p *directPrinter) caseClause(c *dst.CaseClause) {
	checkNode(&c.Decs.NodeDecs, c.Decs.Case, c.Decs.Colon)
	if len(c.Decs.Start) > 0 || c.Decs.Before == dst.EmptyLine || c.Decs.After == dst.EmptyLine {
		giveUp("decorated case clause")
	}
	p.line()
	if c.List == nil {
		p.str("default:")
	} else {
		p.str("case ")
		p.exprList(c.List, 1)
		p.str(":")
	}
	p.indent++
	p.stmtList(c.Body)
	p.indent--
}

// forStmt prints for [init; ]cond[; post] {body}.
func (p *directPrinter) forStmt(s *dst.ForStmt) {
	checkNode(&s.Decs.NodeDecs, s.Decs.For, s.Decs.Init, s.Decs.Cond, s.Decs.Post)
	p.str("for ")
	if s.Init == nil && s.Post == nil {
		if s.Cond != nil {
			p.condition(s.Cond)
			p.str(" ")
		}
		p.block(s.Body)
		return
	}
	if s.Init != nil {
		p.simpleStmt(s.Init)
	}
	p.str("; ")
	if s.Cond != nil {
		p.condition(s.Cond)
	}
	p.str("; ")
	if s.Post != nil {
		p.simpleStmt(s.Post)
		p.str(" ")
	}
	p.block(s.Body)
}
