package emit

import (
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/goref"
)

// The toARM and fromARM methods are written as text (gofile.Code), like conversions: the same
// few statement shapes for every object of every API package.

// armFunc writes the body of one toARM or fromARM method; it names locals uniquely.
type armFunc struct {
	e  *pkgEmitter
	w  *gofile.Code
	to bool      // toARM: collections have ARM element types
	c  *convFunc // only for local names
}

func (e *pkgEmitter) newARMFunc(w *gofile.Code, to bool) *armFunc {
	return &armFunc{e: e, w: w, to: to, c: &convFunc{locals: map[string]int{}}}
}

// armValue is a converted value: an expression, or a genruntime.ResourceReference whose ARMID is
// the expression.
type armValue struct {
	expr  string
	armID bool
}

// write writes the value.
func (f *armFunc) write(v armValue) {
	if !v.armID {
		f.w.S(v.expr)
		return
	}
	writeRef(f.w, goref.ResourceReference)
	f.w.S("{ARMID: ", v.expr, "}")
}

// toARMMethod writes `func (obj *X) toARM(resolved) (*X_ARM, error)`.
func (e *pkgEmitter) toARMMethod(w *gofile.Code, o *astmodel.Object, arm *astmodel.ARMObject) {
	f := e.newARMFunc(w, true)
	w.Decl("toARM converts this " + o.Name.Name + " to its ARM payload, resolving references.")
	w.S("func (obj *", o.Name.Name, ") toARM(resolved ")
	writeRef(w, goref.ResolvedReferences)
	w.S(") (*", arm.Name, ", error)")
	w.Open()
	w.Line()
	w.S("result := &", arm.Name, "{}")
	f.toNode(arm, "result")
	w.Line()
	w.S("return result, nil")
	w.Close()
}

// toNode fills the ARM struct at target from the object's properties under this nesting.
func (f *armFunc) toNode(n *astmodel.ARMObject, target string) {
	for _, c := range n.Fields {
		t := target + "." + c.GoName
		if c.Nested != nil {
			f.w.Line()
			f.w.S(t, " = &", c.Nested.Name, "{}")
			f.toNode(c.Nested, t)
			continue
		}
		f.toLeaf(*c.Property, t)
	}
}

func (f *armFunc) toLeaf(p astmodel.Property, target string) {
	if p.ConfigInput != astmodel.NotConfigInput {
		f.configInput(p, target)
		return
	}
	if p.IdentityKeys {
		f.identityKeys(p, target)
		return
	}
	w := f.w
	src := "obj." + p.Name
	if isPointer(p, false) {
		if !f.toNeedsStatements(p.Type, p.ARMID()) {
			w.Line()
			w.S(target, " = ", src)
			return
		}
		w.Line()
		w.S("if ", src, " != nil")
		w.Open()
		result := f.valueToARM("*"+src, p.Type, p.ARMID(), p.Name)
		f.assign(target, f.pointerResult(result))
		w.Close()
		return
	}
	result := f.valueToARM(src, p.Type, p.ARMID(), p.Name)
	if !isNillable(p.Type) {
		result = f.pointerResult(result)
	}
	f.assign(target, result)
}

// configInput sends the value of the ConfigMap key that the ...FromConfig sibling names when it is
// set, else the property's own value.
func (f *armFunc) configInput(p astmodel.Property, target string) {
	w := f.w
	ref := "obj." + p.Name + astmodel.FromConfigSuffix
	w.Line()
	w.S("if ", ref, " != nil")
	w.Open()
	v := f.lookup("LookupConfigMap", "config", "*"+ref, p.Name+astmodel.FromConfigSuffix)
	f.assign(target, armValue{expr: "&" + v.expr})
	w.Close()
	w.S(" else")
	w.Open()
	p.ConfigInput = astmodel.NotConfigInput
	f.toLeaf(p, target)
	w.Close()
}

// assign writes `target = value`.
func (f *armFunc) assign(target string, v armValue) {
	f.w.Line()
	f.w.S(target, " = ")
	f.write(v)
}

// toNeedsStatements reports whether valueToARM writes statements for a value of type t: it
// does for collections, references, secrets and objects.
func (f *armFunc) toNeedsStatements(t astmodel.Type, ref bool) bool {
	switch t := t.(type) {
	case *astmodel.ArrayType, *astmodel.MapType:
		return true
	case astmodel.TypeName:
		if f.e.isObject(t) {
			return true
		}
	}
	return ref || t == astmodel.ResourceReferenceType || t == astmodel.SecretReferenceType
}

// identityKeys fills a userAssignedIdentities map from the Spec's list: each reference's ARM ID
// as a key, an empty object as its value.
func (f *armFunc) identityKeys(p astmodel.Property, target string) {
	w := f.w
	out, item := f.c.local("identities"), f.c.local("item")
	src := "obj." + p.Name
	w.Line()
	w.S("if len(", src, ") > 0")
	w.Open()
	w.Line()
	w.S(out, " := make(map[string]map[string]string, len(", src, "))")
	w.Line()
	w.S("for _, ", item, " := range ", src)
	w.Open()
	armID := f.lookup("Lookup", "armID", item+".Reference", p.Name)
	w.Line()
	w.S(out, "[", armID.expr, "] = map[string]string{}")
	w.Close()
	w.Line()
	w.S(target, " = ", out)
	w.Close()
}

// pointerResult turns a value into a pointer, through a local copy when needed.
func (f *armFunc) pointerResult(v armValue) armValue {
	if !v.armID {
		if p, ok := strings.CutPrefix(v.expr, "*"); ok {
			return armValue{expr: p}
		}
		if isIdentifier(v.expr) {
			return armValue{expr: "&" + v.expr}
		}
	}
	local := f.c.local("value")
	f.w.Line()
	f.w.S(local, " := ")
	f.write(v)
	return armValue{expr: "&" + local}
}

// isIdentifier reports whether the expression x is a single identifier.
func isIdentifier(x string) bool {
	for i := 0; i < len(x); i++ {
		if b := x[i]; !(b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return x != ""
}

// valueToARM writes the statements converting a non-pointer value and returns the result.
func (f *armFunc) valueToARM(src string, t astmodel.Type, ref bool, prop string) armValue {
	switch c := t.(type) {
	case *astmodel.ArrayType:
		return f.collection(src, t, ref, false, func(item string) armValue { return f.valueToARM(item, c.Elem, ref, prop) })
	case *astmodel.MapType:
		return f.collection(src, t, ref, true, func(item string) armValue { return f.valueToARM(item, c.Value, ref, prop) })
	}
	switch {
	case ref:
		armID := f.lookup("Lookup", "armID", src, prop)
		return armValue{expr: resourceIDARM + "{ID: " + armID.expr + "}"}
	case t == astmodel.ResourceReferenceType: // an ARM ID property: sent as the plain ID
		return f.lookup("Lookup", "armID", src, prop)
	case t == astmodel.SecretReferenceType:
		return f.lookup("LookupSecret", "secret", src, prop)
	}
	if n, ok := t.(astmodel.TypeName); ok && f.e.isObject(n) {
		a := f.c.local("arm")
		f.w.Line()
		f.w.S(a, ", err := ", receiver(pointerText(src)), ".toARM(resolved)")
		f.ifErrReturnNil("converting " + prop)
		return armValue{expr: "*" + a}
	}
	return armValue{expr: src}
}

// ifErrReturnNil writes `if err != nil { return nil, errors.Wrap(err, msg) }`.
func (f *armFunc) ifErrReturnNil(msg string) {
	w := f.w
	w.Line()
	w.S("if err != nil")
	w.Open()
	w.Line()
	w.S("return nil, ")
	writeRef(w, goref.ErrorsWrap)
	w.S("(err, ")
	w.Quote(msg)
	w.S(")")
	w.Close()
}

// lookup asks the resolved references for src's ARM ID or secret value (method Lookup or
// LookupSecret) and returns the local holding it.
func (f *armFunc) lookup(method, local, src, prop string) armValue {
	v := f.c.local(local)
	f.w.Line()
	f.w.S(v, ", err := resolved.", method, "(", src, ")")
	f.ifErrReturnNil("resolving " + prop)
	return armValue{expr: v}
}

// collection converts a slice or map (of type t) element by element; nil and empty give nil.
func (f *armFunc) collection(src string, t astmodel.Type, ref, isMap bool, convert func(item string) armValue) armValue {
	w := f.w
	out, key, item := f.c.local("list"), f.c.local("key"), f.c.local("item")
	w.Line()
	w.S("var ", out, " ")
	f.collectionType(t, ref)
	if !isMap {
		w.Line()
		w.S("for _, ", item, " := range ", src)
		w.Open()
		f.assignWith(out+" = append("+out+", ", convert(item), ")")
		w.Close()
		return armValue{expr: out}
	}
	w.Line()
	w.S("if len(", src, ") > 0")
	w.Open()
	w.Line()
	w.S(out, " = make(")
	f.collectionType(t, ref)
	w.S(", len(", src, "))")
	w.Line()
	w.S("for ", key, ", ", item, " := range ", src)
	w.Open()
	f.assignWith(out+"["+key+"] = ", convert(item), "")
	w.Close()
	w.Close()
	return armValue{expr: out}
}

// assignWith writes a statement: before, the value, after.
func (f *armFunc) assignWith(before string, v armValue, after string) {
	f.w.Line()
	f.w.S(before)
	f.write(v)
	f.w.S(after)
}

// collectionType writes a collection's type: of ARM elements in toARM, of API ones in fromARM.
func (f *armFunc) collectionType(t astmodel.Type, ref bool) {
	if f.to {
		f.e.writeARMType(f.w, t, ref)
		return
	}
	f.e.writeType(f.w, t)
}

// fromARMMethod writes `func (obj *X) fromARM(arm *X_ARM)`.
func (e *pkgEmitter) fromARMMethod(w *gofile.Code, o *astmodel.Object, arm *astmodel.ARMObject) {
	f := e.newARMFunc(w, false)
	w.Decl("fromARM sets the properties of this " + o.Name.Name + " from an ARM response.")
	header := "func (obj *" + o.Name.Name + ") fromARM(arm *" + arm.Name + ")"
	w.S(header)
	if len(arm.Fields) == 0 {
		w.EmptyBody(len(header))
		return
	}
	w.Open()
	f.fromNode(arm, "arm")
	w.Close()
}

func (f *armFunc) fromNode(n *astmodel.ARMObject, src string) {
	for _, c := range n.Fields {
		s := src + "." + c.GoName
		if c.Nested != nil {
			f.w.Line()
			f.w.S("if ", s, " != nil")
			f.w.Open()
			f.fromNode(c.Nested, s)
			f.w.Close()
			continue
		}
		f.fromLeaf(*c.Property, s)
	}
}

func (f *armFunc) fromLeaf(p astmodel.Property, src string) {
	target := "obj." + p.Name
	if isNillable(p.Type) {
		f.assign(target, f.valueFromARM(src, p.Type, p.ARMID(), p.Name))
		return
	}
	if isPointer(p, false) && f.fromIsCopy(p.Type, p.ARMID()) {
		f.w.Line()
		f.w.S(target, " = ", src)
		return
	}
	f.w.Line()
	f.w.S("if ", src, " != nil")
	f.w.Open()
	result := f.valueFromARM("*"+src, p.Type, p.ARMID(), p.Name)
	if isPointer(p, false) {
		result = f.pointerResult(result)
	}
	f.assign(target, result)
	f.w.Close()
}

// fromIsCopy reports whether valueFromARM gives a (non-collection) value of type t back as it is.
func (f *armFunc) fromIsCopy(t astmodel.Type, ref bool) bool {
	if n, ok := t.(astmodel.TypeName); ok && f.e.isObject(n) {
		return false
	}
	return !ref
}

// valueFromARM writes the statements converting a non-pointer ARM value to the API type t and
// returns the result.
func (f *armFunc) valueFromARM(src string, t astmodel.Type, ref bool, prop string) armValue {
	switch c := t.(type) {
	case *astmodel.ArrayType:
		return f.collection(src, t, ref, false, func(item string) armValue { return f.valueFromARM(item, c.Elem, ref, prop) })
	case *astmodel.MapType:
		return f.collection(src, t, ref, true, func(item string) armValue { return f.valueFromARM(item, c.Value, ref, prop) })
	}
	if ref && t == astmodel.ResourceReferenceType {
		return armValue{expr: deref(src) + ".ID", armID: true}
	}
	if ref {
		return armValue{expr: deref(src) + ".ID"}
	}
	if n, ok := t.(astmodel.TypeName); ok && f.e.isObject(n) {
		v := f.c.local("value")
		f.w.Line()
		f.w.S("var ", v, " ")
		f.e.writeType(f.w, t)
		f.w.Line()
		f.w.S(v, ".fromARM(", pointerText(src), ")")
		return armValue{expr: v}
	}
	return armValue{expr: src}
}

// deref drops an explicit dereference where Go's selector does it implicitly.
func deref(x string) string {
	return strings.TrimPrefix(x, "*")
}
