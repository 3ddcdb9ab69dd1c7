package emit

import (
	"go/token"
	"strconv"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/dave/dst"
)

// shape is a property's type and whether its field is a pointer.
type shape struct {
	t   astmodel.Type
	ptr bool
}

func shapeOf(p astmodel.Property, storage bool) shape {
	return shape{t: p.Type, ptr: isPointer(p, storage)}
}

// convFunc generates the statements of one conversion method; it names locals uniquely.
type convFunc struct {
	g      *convGen
	to     bool // converting towards the hub (the source object is this package's)
	locals map[string]int
}

func (g *convGen) newConvFunc(to bool) *convFunc {
	return &convFunc{g: g, to: to, locals: map[string]int{}}
}

func (c *convFunc) local(base string) string {
	c.locals[base]++
	if n := c.locals[base]; n > 1 {
		return base + strconv.Itoa(n-1)
	}
	return base
}

// compatible reports whether a property of this package's type s converts to the hub's type h
// without loss: the same scalar, an enum and a string, objects (recursively), or arrays and maps
// of compatible elements.
func (g *convGen) compatible(s, h astmodel.Type) bool {
	switch s := s.(type) {
	case *astmodel.ArrayType:
		ha, ok := h.(*astmodel.ArrayType)
		return ok && g.compatible(s.Elem, ha.Elem)
	case *astmodel.MapType:
		hm, ok := h.(*astmodel.MapType)
		return ok && g.compatible(s.Value, hm.Value)
	case astmodel.TypeName:
		return g.compatibleName(s, h)
	}
	return s == h
}

func (g *convGen) compatibleName(s astmodel.TypeName, h astmodel.Type) bool {
	if g.isEnum(s) {
		return h == astmodel.StringType || g.isEnum(h)
	}
	hn, ok := h.(astmodel.TypeName)
	if !ok {
		return false
	}
	_, ok = g.pairFor(s, hn)
	return ok
}

func (g *convGen) isEnum(t astmodel.Type) bool {
	n, ok := t.(astmodel.TypeName)
	if !ok {
		return false
	}
	_, isEnum := g.e.model.Packages[n.Package].Definitions[n.Name].(*astmodel.Enum)
	return isEnum
}

// convertInto assigns the converted value of src (of shape ss) to target (of shape ts).
// src may be evaluated several times, so it must be a selector or a local.
func (c *convFunc) convertInto(target dst.Expr, ts shape, src dst.Expr, ss shape, prop string) []dst.Stmt {
	if helper, ok := c.helperConversion(ts, src, ss); ok {
		return []dst.Stmt{assign(target, helper)}
	}
	if ss.ptr {
		inner := c.convertInto(target, ts, star(src), shape{t: ss.t}, prop)
		reset := assign(target, c.zero(ts))
		return []dst.Stmt{ifStmt(notNil(src), inner, reset)}
	}
	if ts.ptr {
		v := c.local("value")
		stmts := declareLocal(v, c.g.e.typeExpr(ts.t), c.convertValue(id(v), ts.t, src, ss.t, prop))
		return append(stmts, assign(target, addr(id(v))))
	}
	return c.convertValue(target, ts.t, src, ss.t, prop)
}

// helperConversion is one call of a genruntime helper when the conversion only copies or casts
// scalars: optional scalars, and arrays and maps of scalars (enums cast to and from strings).
func (c *convFunc) helperConversion(ts shape, src dst.Expr, ss shape) (dst.Expr, bool) {
	switch {
	case ss.ptr && ts.ptr:
		return c.scalarHelper("ClonePointer", "CastPointer", ts.t, src, ss.t)
	case ss.ptr || ts.ptr:
		return nil, false
	}
	switch st := ss.t.(type) {
	case *astmodel.ArrayType:
		return c.scalarHelper("CloneSlice", "CastSlice", ts.t.(*astmodel.ArrayType).Elem, src, st.Elem)
	case *astmodel.MapType:
		return c.scalarHelper("CloneMap", "CastMap", ts.t.(*astmodel.MapType).Value, src, st.Value)
	}
	return nil, false
}

// scalarHelper calls clone when both sides have the same scalar or runtime type, cast[T] when
// an enum meets a string or another enum, and reports false for anything else.
func (c *convFunc) scalarHelper(clone, cast string, tt astmodel.Type, src dst.Expr, st astmodel.Type) (dst.Expr, bool) {
	if tt == st && c.isCopyable(tt) {
		return call(qual(genruntimePath, clone), src), true
	}
	if !c.isScalar(tt) || !c.isScalar(st) {
		return nil, false
	}
	if c.isStringLike(tt) && c.isStringLike(st) {
		generic := &dst.IndexExpr{X: qual(genruntimePath, cast), Index: c.g.e.typeExpr(tt)}
		return call(generic, src), true
	}
	return nil, false
}

// isScalar reports whether t is a primitive or an enum.
func (c *convFunc) isScalar(t astmodel.Type) bool {
	_, primitive := t.(astmodel.Primitive)
	return primitive || c.g.isEnum(t)
}

// isCopyable reports whether a value of t is copied by assignment, as generated conversions
// copy it: scalars and the runtime's types (references, conditions, raw JSON).
func (c *convFunc) isCopyable(t astmodel.Type) bool {
	_, external := t.(astmodel.ExternalType)
	return external || c.isScalar(t)
}

// isStringLike reports whether t is a string or an enum (enums are strings).
func (c *convFunc) isStringLike(t astmodel.Type) bool {
	return t == astmodel.StringType || c.g.isEnum(t)
}

// convertValue converts between non-pointer values.
func (c *convFunc) convertValue(target dst.Expr, tt astmodel.Type, src dst.Expr, st astmodel.Type, prop string) []dst.Stmt {
	switch st := st.(type) {
	case *astmodel.ArrayType:
		return c.convertArray(target, tt.(*astmodel.ArrayType), src, st, prop)
	case *astmodel.MapType:
		return c.convertMap(target, tt.(*astmodel.MapType), src, st, prop)
	case astmodel.TypeName:
		if !c.g.isEnum(st) {
			return []dst.Stmt{c.convertObject(target, tt.(astmodel.TypeName), src, st, prop)}
		}
	}
	if c.g.isEnum(tt) || c.g.isEnum(st) {
		return []dst.Stmt{assign(target, call(c.g.e.typeExpr(tt), src))}
	}
	return []dst.Stmt{assign(target, src)}
}

// convertObject calls the AssignProperties method of whichever side belongs to this package.
func (c *convFunc) convertObject(target dst.Expr, tt astmodel.TypeName, src dst.Expr, st astmodel.TypeName, prop string) dst.Stmt {
	if c.to {
		srcObj, _ := c.g.pairFor(st, tt)
		hubObj, _ := c.g.hub.Object(tt.Name)
		c.g.enqueue(srcObj, tt)
		return ifErr(call(sel(pointerTo(src), c.g.toName(srcObj, hubObj)), addr(target)), wrapErr("converting "+prop))
	}
	srcObj, _ := c.g.pairFor(tt, st)
	hubObj, _ := c.g.hub.Object(st.Name)
	c.g.enqueue(srcObj, st)
	return ifErr(call(sel(addr(target), c.g.fromName(srcObj, hubObj)), pointerTo(src)), wrapErr("converting "+prop))
}

// declareLocal declares the local name before stmts fill it; a single plain assignment becomes
// a short variable declaration.
func declareLocal(name string, typ dst.Expr, stmts []dst.Stmt) []dst.Stmt {
	if len(stmts) == 1 {
		if a, ok := stmts[0].(*dst.AssignStmt); ok && a.Tok == token.ASSIGN && isIdent(a.Lhs[0], name) {
			return []dst.Stmt{define(name, a.Rhs[0])}
		}
	}
	return append([]dst.Stmt{varDecl(name, typ)}, stmts...)
}

func isIdent(x dst.Expr, name string) bool {
	i, ok := x.(*dst.Ident)
	return ok && i.Name == name && i.Path == ""
}

// pointerTo returns a pointer to the value src: *p gives back p, x gives &x.
func pointerTo(src dst.Expr) dst.Expr {
	if s, ok := src.(*dst.StarExpr); ok {
		return s.X
	}
	return addr(src)
}

func (c *convFunc) convertArray(target dst.Expr, tt *astmodel.ArrayType, src dst.Expr, st *astmodel.ArrayType, prop string) []dst.Stmt {
	list, i, item := c.local("list"), c.local("index"), c.local("item")
	elem := c.convertInto(index(id(list), id(i)), shape{t: tt.Elem}, id(item), shape{t: st.Elem}, prop)
	body := []dst.Stmt{
		define(list, makeExpr(c.g.e.typeExpr(tt), lenExpr(src))),
		rangeStmt(i, item, src, elem...),
		assign(target, id(list)),
	}
	return []dst.Stmt{ifStmt(notNil(src), body, assign(target, nilExpr()))}
}

func (c *convFunc) convertMap(target dst.Expr, tt *astmodel.MapType, src dst.Expr, st *astmodel.MapType, prop string) []dst.Stmt {
	m, key, item, conv := c.local("m"), c.local("key"), c.local("item"), c.local("converted")
	elem := declareLocal(conv, c.g.e.typeExpr(tt.Value), c.convertInto(id(conv), shape{t: tt.Value}, id(item), shape{t: st.Value}, prop))
	elem = append(elem, assign(index(id(m), id(key)), id(conv)))
	body := []dst.Stmt{
		define(m, makeExpr(c.g.e.typeExpr(tt), lenExpr(src))),
		rangeStmt(key, item, src, elem...),
		assign(target, id(m)),
	}
	return []dst.Stmt{ifStmt(notNil(src), body, assign(target, nilExpr()))}
}

// zero is the zero value of a field of shape s.
func (c *convFunc) zero(s shape) dst.Expr {
	if s.ptr || isNillable(s.t) {
		return nilExpr()
	}
	switch t := s.t.(type) {
	case astmodel.Primitive:
		return primitiveZero(t)
	case astmodel.TypeName:
		if c.g.isEnum(t) {
			return str("")
		}
	}
	return composite(c.g.e.typeExpr(s.t))
}

func primitiveZero(p astmodel.Primitive) dst.Expr {
	switch p {
	case astmodel.StringType:
		return str("")
	case astmodel.BoolType:
		return id("false")
	}
	return intLit(0)
}

func intLit(n int) dst.Expr { return &dst.BasicLit{Kind: token.INT, Value: strconv.Itoa(n)} }
