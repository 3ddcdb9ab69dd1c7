package emit

import (
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/dave/dst"
)

// armFunc generates the body of one toARM or fromARM method; it names locals uniquely.
type armFunc struct {
	e *pkgEmitter
	c *convFunc // only for local names
}

func (e *pkgEmitter) newARMFunc() *armFunc {
	return &armFunc{e: e, c: &convFunc{locals: map[string]int{}}}
}

// toARMMethod renders `func (obj *X) toARM(resolved) (*X_ARM, error)`.
func (e *pkgEmitter) toARMMethod(o *astmodel.Object, tree *armNode) dst.Decl {
	f := e.newARMFunc()
	body := []dst.Stmt{define("result", addr(composite(id(tree.typeName))))}
	body = append(body, f.toNode(tree, id("result"))...)
	body = append(body, ret(id("result"), nilExpr()))
	return method{recv: "obj", recvType: ptrType(id(o.Name.Name)), name: "toARM",
		doc:     []string{"toARM converts this " + o.Name.Name + " to its ARM payload, resolving references."},
		params:  []param{{"resolved", qual(genruntimePath, "ResolvedReferences")}},
		results: []param{{"", ptrType(id(tree.typeName))}, {"", id("error")}},
		body:    body}.decl()
}

// toNode fills the ARM struct at target from the object's properties under this nesting.
func (f *armFunc) toNode(n *armNode, target dst.Expr) []dst.Stmt {
	var stmts []dst.Stmt
	for _, c := range n.children {
		t := sel(target, c.goName)
		if c.prop == nil {
			stmts = append(stmts, assign(t, addr(composite(id(c.typeName)))))
			stmts = append(stmts, f.toNode(c, sel(target, c.goName))...)
			continue
		}
		stmts = append(stmts, f.toLeaf(*c.prop, t)...)
	}
	return stmts
}

func (f *armFunc) toLeaf(p astmodel.Property, target dst.Expr) []dst.Stmt {
	if p.IdentityKeys {
		return f.identityKeys(p, target)
	}
	src := field("obj", p.Name)
	if isPointer(p, false) {
		stmts, result := f.valueToARM(star(src), p.Type, asARMID(p), p.Name)
		if len(stmts) == 0 {
			return []dst.Stmt{assign(target, field("obj", p.Name))}
		}
		stmts = append(stmts, assign(target, pointerResult(f.c, result, &stmts)))
		return []dst.Stmt{ifStmt(notNil(field("obj", p.Name)), stmts)}
	}
	stmts, result := f.valueToARM(src, p.Type, asARMID(p), p.Name)
	if isNillable(p.Type) {
		return append(stmts, assign(target, result))
	}
	return append(stmts, assign(target, pointerResult(f.c, result, &stmts)))
}

// identityKeys fills a userAssignedIdentities map from the Spec's list: each reference's ARM ID
// as a key, an empty object as its value.
func (f *armFunc) identityKeys(p astmodel.Property, target dst.Expr) []dst.Stmt {
	out, item := f.c.local("identities"), f.c.local("item")
	lookup, armID := f.lookup("Lookup", "armID", sel(id(item), "Reference"), p.Name)
	body := append(lookup, assign(index(id(out), armID), composite(identityValueType())))
	src := field("obj", p.Name)
	return []dst.Stmt{ifStmt(&dst.BinaryExpr{X: lenExpr(src), Op: tokGtr, Y: intLit(0)}, []dst.Stmt{
		define(out, makeExpr(identityMapType(), lenExpr(src))),
		rangeStmt("_", item, src, body...),
		assign(target, id(out)),
	})}
}

// pointerResult turns a value expression into a pointer, through a local copy when needed.
func pointerResult(c *convFunc, result dst.Expr, stmts *[]dst.Stmt) dst.Expr {
	switch r := result.(type) {
	case *dst.StarExpr:
		return r.X
	case *dst.Ident:
		return addr(r)
	}
	v := c.local("value")
	*stmts = append(*stmts, define(v, result))
	return addr(id(v))
}

// valueToARM converts a non-pointer value; it returns the statements and the resulting value.
func (f *armFunc) valueToARM(src dst.Expr, t astmodel.Type, ref bool, prop string) ([]dst.Stmt, dst.Expr) {
	switch t := t.(type) {
	case *astmodel.ArrayType:
		return f.collection(src, f.e.armType(t, ref), t.Elem, false, func(item dst.Expr) ([]dst.Stmt, dst.Expr) {
			return f.valueToARM(item, t.Elem, ref, prop)
		})
	case *astmodel.MapType:
		return f.collection(src, f.e.armType(t, ref), t.Value, true, func(item dst.Expr) ([]dst.Stmt, dst.Expr) {
			return f.valueToARM(item, t.Value, ref, prop)
		})
	}
	switch {
	case ref:
		stmts, armID := f.lookup("Lookup", "armID", src, prop)
		return stmts, composite(id(resourceIDARM), kv("ID", armID))
	case t == astmodel.ResourceReferenceType: // an ARM ID property: sent as the plain ID
		return f.lookup("Lookup", "armID", src, prop)
	case t == astmodel.SecretReferenceType:
		return f.lookup("LookupSecret", "secret", src, prop)
	}
	if n, ok := t.(astmodel.TypeName); ok && f.e.isObject(n) {
		a := f.c.local("arm")
		conv := &dst.AssignStmt{Lhs: []dst.Expr{id(a), id("err")}, Tok: tokDefine,
			Rhs: []dst.Expr{call(sel(pointerTo(src), "toARM"), id("resolved"))}}
		check := ifStmt(notNil(id("err")), []dst.Stmt{ret(nilExpr(), wrapErr("converting "+prop))})
		return []dst.Stmt{conv, check}, star(id(a))
	}
	return nil, src
}

// lookup asks the resolved references for src's ARM ID or secret value (method Lookup or
// LookupSecret) and returns the statements and the local holding it.
func (f *armFunc) lookup(method, local string, src dst.Expr, prop string) ([]dst.Stmt, dst.Expr) {
	v := f.c.local(local)
	get := &dst.AssignStmt{Lhs: []dst.Expr{id(v), id("err")}, Tok: tokDefine,
		Rhs: []dst.Expr{call(sel(id("resolved"), method), src)}}
	check := ifStmt(notNil(id("err")), []dst.Stmt{ret(nilExpr(), wrapErr("resolving "+prop))})
	return []dst.Stmt{get, check}, id(v)
}

// collection converts a slice or map element by element; nil and empty give nil.
func (f *armFunc) collection(src dst.Expr, typ dst.Expr, elem astmodel.Type, isMap bool,
	convert func(item dst.Expr) ([]dst.Stmt, dst.Expr)) ([]dst.Stmt, dst.Expr) {
	out, key, item := f.c.local("list"), f.c.local("key"), f.c.local("item")
	body, result := convert(id(item))
	decl := varDecl(out, typ)
	if !isMap {
		body = append(body, assign(id(out), call(id("append"), id(out), result)))
		return []dst.Stmt{decl, rangeStmt("_", item, src, body...)}, id(out)
	}
	body = append(body, assign(index(id(out), id(key)), result))
	fill := ifStmt(&dst.BinaryExpr{X: lenExpr(src), Op: tokGtr, Y: intLit(0)}, []dst.Stmt{
		assign(id(out), makeExpr(typ, lenExpr(src))),
		rangeStmt(key, item, src, body...),
	})
	return []dst.Stmt{decl, fill}, id(out)
}

// fromARMMethod renders `func (obj *X) fromARM(arm *X_ARM)`.
func (e *pkgEmitter) fromARMMethod(o *astmodel.Object, tree *armNode) dst.Decl {
	f := e.newARMFunc()
	return method{recv: "obj", recvType: ptrType(id(o.Name.Name)), name: "fromARM",
		doc:    []string{"fromARM sets the properties of this " + o.Name.Name + " from an ARM response."},
		params: []param{{"arm", ptrType(id(tree.typeName))}},
		body:   f.fromNode(tree, id("arm"))}.decl()
}

func (f *armFunc) fromNode(n *armNode, src dst.Expr) []dst.Stmt {
	var stmts []dst.Stmt
	for _, c := range n.children {
		s := sel(src, c.goName)
		if c.prop == nil {
			inner := f.fromNode(c, sel(src, c.goName))
			stmts = append(stmts, ifStmt(notNil(s), inner))
			continue
		}
		stmts = append(stmts, f.fromLeaf(*c.prop, s)...)
	}
	return stmts
}

func (f *armFunc) fromLeaf(p astmodel.Property, src dst.Expr) []dst.Stmt {
	target := field("obj", p.Name)
	if isNillable(p.Type) {
		stmts, result := f.valueFromARM(src, p.Type, asARMID(p), p.Name)
		return append(stmts, assign(target, result))
	}
	stmts, result := f.valueFromARM(star(src), p.Type, asARMID(p), p.Name)
	if len(stmts) == 0 && isPointer(p, false) && isStar(result) {
		return []dst.Stmt{assign(target, src)}
	}
	if isPointer(p, false) {
		result = pointerResult(f.c, result, &stmts)
	}
	stmts = append(stmts, assign(target, result))
	return []dst.Stmt{ifStmt(notNil(src), stmts)}
}

// valueFromARM converts a non-pointer ARM value to the API type t.
func (f *armFunc) valueFromARM(src dst.Expr, t astmodel.Type, ref bool, prop string) ([]dst.Stmt, dst.Expr) {
	switch t := t.(type) {
	case *astmodel.ArrayType:
		return f.collection(src, f.e.typeExpr(t), t.Elem, false, func(item dst.Expr) ([]dst.Stmt, dst.Expr) {
			return f.valueFromARM(item, t.Elem, ref, prop)
		})
	case *astmodel.MapType:
		return f.collection(src, f.e.typeExpr(t), t.Value, true, func(item dst.Expr) ([]dst.Stmt, dst.Expr) {
			return f.valueFromARM(item, t.Value, ref, prop)
		})
	}
	if ref && t == astmodel.ResourceReferenceType {
		return nil, composite(qual(genruntimePath, "ResourceReference"), kv("ARMID", sel(deref(src), "ID")))
	}
	if ref {
		return nil, sel(deref(src), "ID")
	}
	if n, ok := t.(astmodel.TypeName); ok && f.e.isObject(n) {
		v := f.c.local("value")
		return []dst.Stmt{varDecl(v, f.e.typeExpr(t)), exprStmt(call(sel(id(v), "fromARM"), pointerTo(src)))}, id(v)
	}
	return nil, src
}

// deref drops an explicit dereference where Go's selector does it implicitly.
func deref(x dst.Expr) dst.Expr {
	if s, ok := x.(*dst.StarExpr); ok {
		return s.X
	}
	return x
}

func isStar(x dst.Expr) bool {
	_, ok := x.(*dst.StarExpr)
	return ok
}
