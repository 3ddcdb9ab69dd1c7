package emit

import (
	"go/token"
	"hash/maphash"
	"strconv"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/codegen/gofile"
)

// Small constructors for dst nodes. The trees they build may share nodes (an identifier, an
// operand used twice): emitters never change a node once it is built, the direct printer only
// reads them, and gofile gives the restorer a copy (see gofile.Printer).

// id is the identifier name, from the node caches (nodecache.go).
func id(name string) *dst.Ident {
	return idents.get(maphash.String(identSeed, name), name, dst.NewIdent)
}

// qual is a package-qualified identifier; the restorer prints the qualifier and adds the import.
func qual(path, name string) *dst.Ident {
	h := maphash.String(identSeed, name)
	return quals.get(h, qualName{path, name}, func(k qualName) *dst.Ident { return &dst.Ident{Name: k.name, Path: k.path} })
}

type qualName struct{ path, name string }

func sel(x dst.Expr, names ...string) dst.Expr {
	for _, n := range names {
		x = &dst.SelectorExpr{X: x, Sel: id(n)}
	}
	return x
}

// field is recv.names[0].names[1]…; recv.names[0] comes from the node caches too (emission
// writes source.X and destination.X for every property).
func field(recv string, names ...string) dst.Expr {
	if len(names) == 0 {
		return id(recv)
	}
	h := maphash.String(identSeed, names[0]) ^ maphash.String(identSeed, recv)*31
	return sel(selectors.get(h, selectorName{recv, names[0]}, newSelector), names[1:]...)
}

type selectorName struct{ recv, name string }

func newSelector(k selectorName) *dst.SelectorExpr {
	return &dst.SelectorExpr{X: id(k.recv), Sel: id(k.name)}
}

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

// varNode is `var name typ` in one allocation.
type varNode struct {
	stmt  dst.DeclStmt
	decl  dst.GenDecl
	spec  dst.ValueSpec
	specs [1]dst.Spec
	names [1]*dst.Ident
}

func varDecl(name string, typ dst.Expr) dst.Stmt {
	n := &varNode{names: [1]*dst.Ident{id(name)}}
	n.spec = dst.ValueSpec{Names: n.names[:], Type: typ}
	n.specs[0] = &n.spec
	n.decl = dst.GenDecl{Tok: token.VAR, Specs: n.specs[:]}
	n.stmt = dst.DeclStmt{Decl: &n.decl}
	return &n.stmt
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
	n := &ifErrNode{}
	n.init.init(id("err"), token.DEFINE, c)
	n.cond = dst.BinaryExpr{X: id("err"), Op: token.NEQ, Y: nilExpr()}
	n.ret = dst.ReturnStmt{Results: onErr}
	n.list[0] = &n.ret
	n.body = dst.BlockStmt{List: n.list[:]}
	n.stmt = dst.IfStmt{Init: &n.init.stmt, Cond: &n.cond, Body: &n.body}
	return &n.stmt
}

// ifErrNode is ifErr's statement in one allocation.
type ifErrNode struct {
	stmt dst.IfStmt
	init assignNode
	cond dst.BinaryExpr
	body dst.BlockStmt
	list [1]dst.Stmt
	ret  dst.ReturnStmt
}

func rangeStmt(key, value string, x dst.Expr, body ...dst.Stmt) dst.Stmt {
	r := &dst.RangeStmt{Key: id(key), Tok: token.DEFINE, X: x, Body: block(body...)}
	if value != "" {
		r.Value = id(value)
	}
	return r
}

func index(x, i dst.Expr) dst.Expr { return &dst.IndexExpr{X: x, Index: i} }

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
	if len(params) == 0 {
		return &dst.FieldList{}
	}
	if len(params) <= 2 {
		return smallFieldList(params)
	}
	fl := &dst.FieldList{}
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

// fieldListNode is a list of up to two fields in one allocation.
type fieldListNode struct {
	list   dst.FieldList
	ptrs   [2]*dst.Field
	fields [2]dst.Field
	names  [2]*dst.Ident
}

func smallFieldList(params []param) *dst.FieldList {
	n := &fieldListNode{}
	for i, p := range params {
		f := &n.fields[i]
		f.Type = p.typ
		if p.name != "" {
			n.names[i] = id(p.name)
			f.Names = n.names[i : i+1 : i+1]
		}
		n.ptrs[i] = f
	}
	n.list.List = n.ptrs[:len(params):len(params)]
	return &n.list
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
	gofile.Decorate(&d.Decs.NodeDecs, m.doc)
	for _, s := range m.body {
		s.Decorations().Before = dst.NewLine
	}
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
