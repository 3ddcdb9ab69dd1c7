package emit

import (
	"strconv"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/goref"
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

func (g *convGen) isEnum(t astmodel.Type) bool { return g.e.model.IsEnum(t) }

// convertInto writes the statements that assign the converted value of src (of shape ss) to
// target (of shape ts). src may be evaluated several times, so it must be a selector or a local.
func (c *convFunc) convertInto(target string, ts shape, src string, ss shape, prop string) {
	w := c.g.w
	if fn, cast := c.helper(ts, ss); fn.Name != "" {
		w.Line()
		w.S(target, " = ")
		c.helperCall(fn, cast, src)
		return
	}
	if ss.ptr {
		w.Line()
		w.S("if ", src, " != nil")
		w.Open()
		c.convertInto(target, ts, "*"+src, shape{t: ss.t}, prop)
		w.Close()
		w.S(" else")
		w.Open()
		c.assignZero(target, ts)
		w.Close()
		return
	}
	if ts.ptr {
		v := c.local("value")
		if c.declareLocal(v, ts.t, c.isPlain(ss.t)) {
			c.plainValue(ts.t, src, ss.t)
		} else {
			c.convertValue(v, ts.t, src, ss.t, prop)
		}
		w.Line()
		w.S(target, " = &", v)
		return
	}
	c.convertValue(target, ts.t, src, ss.t, prop)
}

// declareLocal starts declaring the local name of type t and returns plain: when the conversion
// is one plain assignment, `name := ` (the caller writes the value); else `var name t` (the
// caller writes the statements that fill it).
func (c *convFunc) declareLocal(name string, t astmodel.Type, plain bool) bool {
	w := c.g.w
	w.Line()
	if plain {
		w.S(name, " := ")
		return true
	}
	w.S("var ", name, " ")
	c.g.e.writeType(w, t)
	return false
}

// helper names the genruntime helper that converts ss to ts in one call when the conversion only
// copies or casts scalars: optional scalars, and arrays and maps of scalars. cast is the type a
// Cast helper is instantiated with (enums cast to and from strings); a zero Ref when none applies.
func (c *convFunc) helper(ts, ss shape) (fn goref.Ref, cast astmodel.Type) {
	var clone, castFn goref.Ref
	var tt, st astmodel.Type
	switch {
	case ss.ptr && ts.ptr:
		clone, castFn, tt, st = goref.ClonePointer, goref.CastPointer, ts.t, ss.t
	case ss.ptr || ts.ptr:
		return goref.Ref{}, nil
	default:
		switch s := ss.t.(type) {
		case *astmodel.ArrayType:
			clone, castFn, tt, st = goref.CloneSlice, goref.CastSlice, ts.t.(*astmodel.ArrayType).Elem, s.Elem
		case *astmodel.MapType:
			clone, castFn, tt, st = goref.CloneMap, goref.CastMap, ts.t.(*astmodel.MapType).Value, s.Value
		default:
			return goref.Ref{}, nil
		}
	}
	if tt == st && c.isCopyable(tt) {
		return clone, nil
	}
	if c.isScalar(tt) && c.isScalar(st) && c.isStringLike(tt) && c.isStringLike(st) {
		return castFn, tt
	}
	return goref.Ref{}, nil
}

// helperCall writes genruntime.Fn(src), or genruntime.Fn[cast](src).
func (c *convFunc) helperCall(fn goref.Ref, cast astmodel.Type, src string) {
	w := c.g.w
	writeRef(w, fn)
	if cast != nil {
		w.S("[")
		c.g.e.writeType(w, cast)
		w.S("]")
	}
	w.S("(", src, ")")
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

// isPlain reports whether convertValue converts a value of st with one plain assignment (a copy
// or a cast): anything but arrays, maps and objects.
func (c *convFunc) isPlain(st astmodel.Type) bool {
	switch st := st.(type) {
	case *astmodel.ArrayType, *astmodel.MapType:
		return false
	case astmodel.TypeName:
		return c.g.isEnum(st)
	}
	return true
}

// convertValue converts between non-pointer values.
func (c *convFunc) convertValue(target string, tt astmodel.Type, src string, st astmodel.Type, prop string) {
	switch s := st.(type) {
	case *astmodel.ArrayType:
		c.convertArray(target, tt.(*astmodel.ArrayType), src, s, prop)
		return
	case *astmodel.MapType:
		c.convertMap(target, tt.(*astmodel.MapType), src, s, prop)
		return
	case astmodel.TypeName:
		if !c.g.isEnum(s) {
			c.convertObject(target, tt.(astmodel.TypeName), src, s, prop)
			return
		}
	}
	c.g.w.Line()
	c.g.w.S(target, " = ")
	c.plainValue(tt, src, st)
}

// plainValue writes src, cast to tt when either side is an enum.
func (c *convFunc) plainValue(tt astmodel.Type, src string, st astmodel.Type) {
	w := c.g.w
	if !c.g.isEnum(tt) && !c.g.isEnum(st) {
		w.S(src)
		return
	}
	c.g.e.writeType(w, tt)
	w.S("(", src, ")")
}

// convertObject calls the AssignProperties method of whichever side belongs to this package.
func (c *convFunc) convertObject(target string, tt astmodel.TypeName, src string, st astmodel.TypeName, prop string) {
	g := c.g
	g.ifErrStart()
	if c.to {
		g.w.S(receiver(pointerText(src)), ".", toName(g.pair(st, tt)), "(&", target, ")")
	} else {
		g.w.S("(&", target, ").", fromName(g.pair(tt, st)), "(", pointerText(src), ")")
	}
	g.ifErrEnd("converting " + prop)
}

// pointerText is pointerTo for code written as text.
func pointerText(src string) string {
	if p, ok := strings.CutPrefix(src, "*"); ok {
		return p
	}
	return "&" + src
}

// receiver parenthesises an operand for a method call as go/printer does: a unary expression
// such as &x needs them.
func receiver(x string) string {
	if strings.HasPrefix(x, "&") || strings.HasPrefix(x, "*") {
		return "(" + x + ")"
	}
	return x
}

func (c *convFunc) convertArray(target string, tt *astmodel.ArrayType, src string, st *astmodel.ArrayType, prop string) {
	w := c.g.w
	list, i, item := c.local("list"), c.local("index"), c.local("item")
	c.makeAndRange(list, tt, i, item, src)
	c.convertInto(list+"["+i+"]", shape{t: tt.Elem}, item, shape{t: st.Elem}, prop)
	w.Close()
	c.g.elseNil(target, list)
}

func (c *convFunc) convertMap(target string, tt *astmodel.MapType, src string, st *astmodel.MapType, prop string) {
	w := c.g.w
	m, key, item, conv := c.local("m"), c.local("key"), c.local("item"), c.local("converted")
	c.makeAndRange(m, tt, key, item, src)
	elem, srcElem := shape{t: tt.Value}, shape{t: st.Value}
	helper, cast := c.helper(elem, srcElem)
	plain := c.declareLocal(conv, tt.Value, helper.Name != "" || c.isPlain(st.Value))
	switch {
	case helper.Name != "":
		c.helperCall(helper, cast, item)
	case plain:
		c.plainValue(tt.Value, item, st.Value)
	default:
		c.convertInto(conv, elem, item, srcElem, prop)
	}
	w.Line()
	w.S(m, "[", key, "] = ", conv)
	w.Close()
	c.g.elseNil(target, m)
}

// makeAndRange opens `if src != nil {`, makes the collection out of type t with src's length and
// opens `for key, item := range src {`: the caller writes the loop's body, closes it and ends with
// elseNil.
func (c *convFunc) makeAndRange(out string, t astmodel.Type, key, item, src string) {
	w := c.g.w
	w.Line()
	w.S("if ", src, " != nil")
	w.Open()
	w.Line()
	w.S(out, " := make(")
	c.g.e.writeType(w, t)
	w.S(", len(", src, "))")
	w.Line()
	w.S("for ", key, ", ", item, " := range ", src)
	w.Open()
}

// elseNil ends an if statement's block with `target = value`, and sets target to nil otherwise.
func (g *convGen) elseNil(target, value string) {
	w := g.w
	w.Line()
	w.S(target, " = ", value)
	w.Close()
	w.S(" else")
	w.Open()
	w.Line()
	w.S(target, " = nil")
	w.Close()
}

// assignZero writes `target = <the zero value of a field of shape s>`.
func (c *convFunc) assignZero(target string, s shape) {
	w := c.g.w
	w.Line()
	w.S(target, " = ")
	if s.ptr || isNillable(s.t) {
		w.S("nil")
		return
	}
	switch t := s.t.(type) {
	case astmodel.Primitive:
		w.S(primitiveZero(t))
		return
	case astmodel.TypeName:
		if c.g.isEnum(t) {
			w.S(`""`)
			return
		}
	}
	c.g.e.writeType(w, s.t)
	w.S("{}")
}

func primitiveZero(p astmodel.Primitive) string {
	switch p {
	case astmodel.StringType:
		return `""`
	case astmodel.BoolType:
		return "false"
	}
	return "0"
}
