package gofile

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/dave/dst"
)

// Expressions print on one line, as go/printer prints them when the source has them on one
// line: operator spacing by precedence and nesting depth, parentheses where the tree needs them.

func (p *directPrinter) expr(x dst.Expr) { p.expr1(x, token.LowestPrec, 1) }

func (p *directPrinter) expr0(x dst.Expr, depth int) { p.expr1(x, token.LowestPrec, depth) }

// exprList prints x, y, z.
func (p *directPrinter) exprList(list []dst.Expr, depth int) {
	for i, x := range list {
		if i > 0 {
			p.str(", ")
		}
		p.expr0(x, depth)
	}
}

// ident prints a name, qualified by its import's name when it comes from another package.
func (p *directPrinter) ident(id *dst.Ident) {
	checkExpr(&id.Decs.NodeDecs, id.Decs.X)
	if id.Path != "" && id.Path != p.pkgPath {
		p.str(p.imports.name(id.Path))
		p.str(".")
	}
	p.str(id.Name)
}

// expr1 is go/printer's expr1 for the expressions asogen emits.
func (p *directPrinter) expr1(x dst.Expr, prec1, depth int) {
	switch x := x.(type) {
	case *dst.Ident:
		p.ident(x)
	case *dst.BasicLit:
		p.basicLit(x)
	case *dst.BinaryExpr:
		checkExpr(&x.Decs.NodeDecs, x.Decs.X, x.Decs.Op)
		p.binaryExpr(x, prec1, cutoff(x, depth), depth)
	case *dst.KeyValueExpr:
		checkExpr(&x.Decs.NodeDecs, x.Decs.Key, x.Decs.Colon)
		p.expr(x.Key)
		p.str(": ")
		p.expr(x.Value)
	case *dst.StarExpr:
		checkExpr(&x.Decs.NodeDecs, x.Decs.Star)
		p.prefixed("*", x.X, prec1)
	case *dst.UnaryExpr:
		checkExpr(&x.Decs.NodeDecs, x.Decs.Op)
		p.unary(x, prec1, depth)
	case *dst.ParenExpr:
		checkExpr(&x.Decs.NodeDecs, x.Decs.Lparen, x.Decs.X)
		p.paren(x, depth)
	case *dst.SelectorExpr:
		checkExpr(&x.Decs.NodeDecs, x.Decs.X)
		p.expr1(x.X, token.HighestPrec, depth)
		p.str(".")
		p.ident(x.Sel)
	default:
		p.expr2(x, depth)
	}
}

// expr2 continues expr1 with calls, literals, indexing and types.
func (p *directPrinter) expr2(x dst.Expr, depth int) {
	switch x := x.(type) {
	case *dst.CallExpr:
		p.call(x, depth)
	case *dst.CompositeLit:
		checkExpr(&x.Decs.NodeDecs, x.Decs.Type, x.Decs.Lbrace)
		if x.Type != nil {
			p.expr1(x.Type, token.HighestPrec, depth)
		}
		p.compositeElts(x.Elts)
	case *dst.TypeAssertExpr:
		checkExpr(&x.Decs.NodeDecs, x.Decs.X, x.Decs.Lparen, x.Decs.Type)
		p.expr1(x.X, token.HighestPrec, depth)
		p.str(".(")
		if x.Type == nil {
			p.str("type")
		} else {
			p.expr(x.Type)
		}
		p.str(")")
	case *dst.IndexExpr:
		checkExpr(&x.Decs.NodeDecs, x.Decs.X, x.Decs.Lbrack, x.Decs.Index)
		p.expr1(x.X, token.HighestPrec, 1)
		p.str("[")
		p.expr0(x.Index, depth+1)
		p.str("]")
	case *dst.IndexListExpr:
		checkExpr(&x.Decs.NodeDecs, x.Decs.X, x.Decs.Lbrack, x.Decs.Indices)
		p.expr1(x.X, token.HighestPrec, 1)
		p.str("[")
		p.exprList(x.Indices, depth+1)
		p.str("]")
	default:
		p.typeLit(x)
	}
}

// typeLit prints the type expressions that fit on one line.
func (p *directPrinter) typeLit(x dst.Expr) {
	switch x := x.(type) {
	case *dst.ArrayType:
		checkExpr(&x.Decs.NodeDecs, x.Decs.Lbrack, x.Decs.Len)
		p.str("[")
		if x.Len != nil {
			if _, ok := x.Len.(*dst.Ellipsis); ok {
				giveUp("[...] array type")
			}
			p.expr(x.Len)
		}
		p.str("]")
		p.expr(x.Elt)
	case *dst.MapType:
		checkExpr(&x.Decs.NodeDecs, x.Decs.Map, x.Decs.Key)
		p.str("map[")
		p.expr(x.Key)
		p.str("]")
		p.expr(x.Value)
	case *dst.StructType:
		if len(x.Fields.List) > 0 {
			giveUp("struct type inside an expression")
		}
		checkExpr(&x.Decs.NodeDecs, x.Decs.Struct)
		checkNode(&x.Fields.Decs.NodeDecs, x.Fields.Decs.Opening)
		p.str("struct{}")
	case *dst.InterfaceType:
		if len(x.Methods.List) > 0 {
			giveUp("interface type with methods")
		}
		checkExpr(&x.Decs.NodeDecs, x.Decs.Interface)
		checkNode(&x.Methods.Decs.NodeDecs, x.Methods.Decs.Opening)
		p.str("interface{}")
	default:
		giveUp(fmt.Sprintf("expression %T", x))
	}
}

// basicLit prints a literal; numbers other than plain decimals would need go/printer's
// normalisation and are left to it.
func (p *directPrinter) basicLit(x *dst.BasicLit) {
	checkExpr(&x.Decs.NodeDecs)
	switch x.Kind {
	case token.STRING, token.CHAR:
		if hasAny(x.Value, '\n', '\r') {
			giveUp("multi-line literal")
		}
	case token.INT:
		if strings.Trim(x.Value, "0123456789") != "" {
			giveUp("non-decimal number")
		}
	default:
		giveUp("number literal")
	}
	p.str(x.Value)
}

// prefixed prints *x or &x, in parentheses where the context binds tighter than a unary
// operator.
func (p *directPrinter) prefixed(op string, x dst.Expr, prec1 int) {
	if _, ok := x.(*dst.UnaryExpr); ok {
		giveUp("stacked prefix operators")
	}
	if token.UnaryPrec < prec1 {
		p.str("(")
		p.str(op)
		p.expr(x)
		p.str(")")
		return
	}
	p.str(op)
	p.expr(x)
}

func (p *directPrinter) unary(x *dst.UnaryExpr, prec1, depth int) {
	switch x.X.(type) {
	case *dst.UnaryExpr, *dst.StarExpr:
		giveUp("stacked prefix operators")
	}
	if token.UnaryPrec < prec1 {
		p.str("(")
		p.expr(x)
		p.str(")")
		return
	}
	p.str(x.Op.String())
	p.expr1(x.X, token.UnaryPrec, depth)
}

func (p *directPrinter) paren(x *dst.ParenExpr, depth int) {
	if _, ok := x.X.(*dst.ParenExpr); ok {
		p.expr0(x.X, depth)
		return
	}
	p.str("(")
	p.expr0(x.X, reduceDepth(depth))
	p.str(")")
}

// call prints f(args); several arguments print one level deeper.
func (p *directPrinter) call(x *dst.CallExpr, depth int) {
	checkExpr(&x.Decs.NodeDecs, x.Decs.Fun, x.Decs.Lparen, x.Decs.Ellipsis)
	if len(x.Args) > 1 {
		depth++
	}
	switch x.Fun.(type) {
	case *dst.FuncType, *dst.ChanType:
		giveUp("call of a func or chan type")
	}
	p.expr1(x.Fun, token.HighestPrec, depth)
	p.str("(")
	p.exprList(x.Args, depth)
	if x.Ellipsis {
		p.str("...")
	}
	p.str(")")
}

// compositeElts prints {elts}: on one line, or one element per line with a trailing comma when
// every element starts a line and the closing brace has a line of its own. Aligned key: value
// lines are left to go/printer.
func (p *directPrinter) compositeElts(elts []dst.Expr) {
	if len(elts) == 0 || elts[0].Decorations().Before != dst.NewLine {
		p.str("{")
		p.exprList(elts, 1)
		p.str("}")
		return
	}
	p.str("{")
	p.indent++
	for i, x := range elts {
		d := x.Decorations()
		last := i == len(elts)-1
		if _, pair := x.(*dst.KeyValueExpr); pair || d.Before != dst.NewLine || !endsLine(d.After, last) {
			giveUp("multi-line composite literal shape")
		}
		p.line()
		p.withoutSpacing(d, func() { p.expr0(x, 1) })
		p.str(",")
	}
	p.indent--
	p.line()
	p.str("}")
}
