package gofile

import (
	"go/token"

	"github.com/dave/dst"
)

// Binary expressions follow go/printer's spacing: blanks around an operator only when its
// precedence is below a cutoff that depends on the expression's nesting depth and on the
// operators it mixes (so a+b*c, and f(a, b+c) inside a call of several arguments).

func (p *directPrinter) binaryExpr(x *dst.BinaryExpr, prec1, cutoff, depth int) {
	prec := x.Op.Precedence()
	if prec < prec1 {
		p.str("(")
		p.expr0(x, reduceDepth(depth))
		p.str(")")
		return
	}
	blank := prec < cutoff
	p.expr1(x.X, prec, depth+diffPrec(x.X, prec))
	if blank {
		p.str(" ")
	}
	p.str(x.Op.String())
	if blank {
		p.str(" ")
	} else if combines(x.Op, x.Y) {
		giveUp("operator next to a prefix operator")
	}
	p.expr1(x.Y, prec+1, depth+1)
}

// combines reports whether op printed right before y's first token could merge with it, the
// case where go/printer inserts a blank of its own.
func combines(op token.Token, y dst.Expr) bool {
	switch y.(type) {
	case *dst.UnaryExpr, *dst.StarExpr:
		return true
	}
	return false
}

func walkBinary(e *dst.BinaryExpr) (has4, has5 bool, maxProblem int) {
	switch e.Op.Precedence() {
	case 4:
		has4 = true
	case 5:
		has5 = true
	}
	if l, ok := e.X.(*dst.BinaryExpr); ok && l.Op.Precedence() >= e.Op.Precedence() {
		h4, h5, mp := walkBinary(l)
		has4, has5, maxProblem = has4 || h4, has5 || h5, max(maxProblem, mp)
	}
	switch r := e.Y.(type) {
	case *dst.BinaryExpr:
		if r.Op.Precedence() > e.Op.Precedence() {
			h4, h5, mp := walkBinary(r)
			has4, has5, maxProblem = has4 || h4, has5 || h5, max(maxProblem, mp)
		}
	case *dst.StarExpr:
		if e.Op == token.QUO {
			maxProblem = 5
		}
	case *dst.UnaryExpr:
		switch e.Op.String() + r.Op.String() {
		case "/*", "&&", "&^":
			maxProblem = 5
		case "++", "--":
			maxProblem = max(maxProblem, 4)
		}
	}
	return
}

func cutoff(e *dst.BinaryExpr, depth int) int {
	has4, has5, maxProblem := walkBinary(e)
	switch {
	case maxProblem > 0:
		return maxProblem + 1
	case has4 && has5 && depth == 1:
		return 5
	case has4 && has5:
		return 4
	case depth == 1:
		return 6
	}
	return 4
}

func diffPrec(x dst.Expr, prec int) int {
	b, ok := x.(*dst.BinaryExpr)
	if !ok || prec != b.Op.Precedence() {
		return 1
	}
	return 0
}

func reduceDepth(depth int) int {
	return max(depth-1, 1)
}
