package emit

import (
	"go/token"
	"hash/maphash"
	"strconv"
	"sync/atomic"

	"github.com/dave/dst"
)

// Small constructors for dst nodes. The trees they build may share nodes (an identifier, an
// operand used twice): emitters never change a node once it is built, the direct printer only
// reads them, and gofile gives the restorer a copy (see gofile.Printer).

// id is the identifier name. Identifiers come from a small cache shared by every emitter: a
// slot per hash of the name, replaced when another name lands on it, so memory stays bounded
// while the names a file repeats (receivers, fields, err, nil) are allocated once.
func id(name string) *dst.Ident {
	slot := &idents[maphash.String(identSeed, name)%uint64(len(idents))]
	if n := slot.Load(); n != nil && n.Name == name {
		return n
	}
	n := dst.NewIdent(name)
	slot.Store(n)
	return n
}

var (
	identSeed = maphash.MakeSeed()
	idents    [1 << 13]atomic.Pointer[dst.Ident]
	quals     [1 << 10]atomic.Pointer[dst.Ident] // the same for package-qualified names
)

// qual is a package-qualified identifier; the restorer prints the qualifier and adds the import.
func qual(path, name string) *dst.Ident {
	slot := &quals[maphash.String(identSeed, name)%uint64(len(quals))]
	if n := slot.Load(); n != nil && n.Name == name && n.Path == path {
		return n
	}
	n := &dst.Ident{Name: name, Path: path}
	slot.Store(n)
	return n
}

func sel(x dst.Expr, names ...string) dst.Expr {
	for _, n := range names {
		x = &dst.SelectorExpr{X: x, Sel: id(n)}
	}
	return x
}

func field(recv string, names ...string) dst.Expr { return sel(id(recv), names...) }

// callNode is a call and up to two arguments in one allocation.
type callNode struct {
	call dst.CallExpr
	args [2]dst.Expr
}

func call(fun dst.Expr, args ...dst.Expr) *dst.CallExpr {
	if len(args) > len(callNode{}.args) {
		return &dst.CallExpr{Fun: fun, Args: append([]dst.Expr(nil), args...)}
	}
	n := &callNode{}
	copy(n.args[:], args)
	n.call = dst.CallExpr{Fun: fun, Args: n.args[:len(args):len(args)]}
	if len(args) == 0 {
		n.call.Args = nil
	}
	return &n.call
}

func str(s string) *dst.BasicLit { return &dst.BasicLit{Kind: token.STRING, Value: strconv.Quote(s)} }

func addr(x dst.Expr) dst.Expr { return &dst.UnaryExpr{Op: token.AND, X: x} }

func star(x dst.Expr) dst.Expr { return &dst.StarExpr{X: x} }

func nilExpr() dst.Expr { return id("nil") }

func notNil(x dst.Expr) dst.Expr { return &dst.BinaryExpr{X: x, Op: token.NEQ, Y: nilExpr()} }

func isNil(x dst.Expr) dst.Expr { return &dst.BinaryExpr{X: x, Op: token.EQL, Y: nilExpr()} }

// assignNode is a one-to-one assignment and its two sides in one allocation; defineNode adds the
// defined name.
type assignNode struct {
	stmt  dst.AssignStmt
	sides [2]dst.Expr
}

type defineNode struct {
	assignNode
	name dst.Ident
}

func assign(lhs, rhs dst.Expr) dst.Stmt {
	n := &assignNode{}
	return n.init(lhs, token.ASSIGN, rhs)
}

func define(name string, rhs dst.Expr) dst.Stmt {
	n := &defineNode{name: dst.Ident{Name: name}}
	return n.init(&n.name, token.DEFINE, rhs)
}

func (n *assignNode) init(lhs dst.Expr, tok token.Token, rhs dst.Expr) dst.Stmt {
	n.sides = [2]dst.Expr{lhs, rhs}
	n.stmt = dst.AssignStmt{Lhs: n.sides[0:1:1], Tok: tok, Rhs: n.sides[1:2:2]}
	return &n.stmt
}

func varDecl(name string, typ dst.Expr) dst.Stmt {
	spec := &dst.ValueSpec{Names: []*dst.Ident{id(name)}, Type: typ}
	return &dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{spec}}}
}

func ret(results ...dst.Expr) dst.Stmt { return &dst.ReturnStmt{Results: results} }

func exprStmt(x dst.Expr) dst.Stmt { return &dst.ExprStmt{X: x} }

func block(stmts ...dst.Stmt) *dst.BlockStmt { return &dst.BlockStmt{List: stmts} }

func ifStmt(cond dst.Expr, body []dst.Stmt, els ...dst.Stmt) *dst.IfStmt {
	s := &dst.IfStmt{Cond: cond, Body: block(body...)}
	if len(els) > 0 {
		s.Else = block(els...)
	}
	return s
}

// ifErr is `if err := <call>; err != nil { return <wrapped> }`.
func ifErr(c dst.Expr, onErr ...dst.Expr) dst.Stmt {
	return &dst.IfStmt{
		Init: &dst.AssignStmt{Lhs: []dst.Expr{id("err")}, Tok: token.DEFINE, Rhs: []dst.Expr{c}},
		Cond: notNil(id("err")),
		Body: block(ret(onErr...)),
	}
}

// wrapErr is errors.Wrap(err, msg).
func wrapErr(msg string) dst.Expr {
	return call(qual(errorsPath, "Wrap"), id("err"), str(msg))
}

func rangeStmt(key, value string, x dst.Expr, body ...dst.Stmt) dst.Stmt {
	r := &dst.RangeStmt{Key: id(key), Tok: token.DEFINE, X: x, Body: block(body...)}
	if value != "" {
		r.Value = id(value)
	}
	return r
}

func index(x, i dst.Expr) dst.Expr { return &dst.IndexExpr{X: x, Index: i} }

func makeExpr(typ dst.Expr, size dst.Expr) dst.Expr { return call(id("make"), typ, size) }

func lenExpr(x dst.Expr) dst.Expr { return call(id("len"), x) }

func ptrType(t dst.Expr) dst.Expr { return &dst.StarExpr{X: t} }

func composite(typ dst.Expr, elts ...dst.Expr) dst.Expr {
	return &dst.CompositeLit{Type: typ, Elts: elts}
}

func kv(key string, value dst.Expr) dst.Expr { return &dst.KeyValueExpr{Key: id(key), Value: value} }

// param is one parameter or result of a function.
type param struct {
	name string
	typ  dst.Expr
}

func fieldList(params ...param) *dst.FieldList {
	fl := &dst.FieldList{}
	if len(params) == 0 {
		return fl
	}
	fl.List = make([]*dst.Field, len(params))
	fields := make([]dst.Field, len(params))
	names := make([]*dst.Ident, len(params))
	for i, p := range params {
		f := &fields[i]
		f.Type = p.typ
		if p.name != "" {
			names[i] = id(p.name)
			f.Names = names[i : i+1 : i+1]
		}
		fl.List[i] = f
	}
	return fl
}

// method declares func (recv *recvType) name(params) results { body } with a doc comment.
type method struct {
	recv     string
	recvType dst.Expr
	name     string
	doc      []string
	params   []param
	results  []param
	body     []dst.Stmt
}

func (m method) decl() *dst.FuncDecl {
	d := &dst.FuncDecl{
		Name: id(m.name),
		Type: &dst.FuncType{Params: fieldList(m.params...), Results: fieldList(m.results...)},
		Body: block(m.body...),
	}
	if m.recvType != nil {
		d.Recv = fieldList(param{m.recv, m.recvType})
	}
	d.Decs.Before = dst.EmptyLine
	d.Decs.After = dst.EmptyLine
	for _, s := range m.body {
		s.Decorations().Before = dst.NewLine
	}
	d.Decs.Start = comments(m.doc)
	return d
}

const (
	tokDefine = token.DEFINE
	tokGtr    = token.GTR
)

const (
	tokAdd = token.ADD
	tokNot = token.NOT
)
