package deepcopy

import (
	"fmt"
	"sync"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/goref"
)

// typ is a Go type as the deepcopy rules see it: basic, named, pointer, slice, mapType,
// structType, or external (the underlying struct of a type of goref's table).
type typ any

type basic string // a predeclared type: string, int, bool, ...

type named struct{ path, name string } // path "" for the package's own types

type pointer struct{ elem typ }

type slice struct{ elem typ }

type mapType struct{ key, elem typ }

type structType struct{ fields []field }

type field struct {
	name string // an embedded field's is its type's name
	typ  typ
}

// external is the underlying struct of a type of goref's table (its fields are not needed).
type external struct{ shallow bool }

// predeclared lists the predeclared types a field may have, each as a typ.
var predeclared = func() map[string]typ {
	m := map[string]typ{}
	for _, n := range []string{"bool", "string", "byte", "rune", "int", "int8", "int16", "int32", "int64",
		"uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "float32", "float64", "complex64", "complex128"} {
		m[n] = basic(n)
	}
	return m
}()

// converter converts the type expressions of one package; the named types and the pointers and
// slices of named or basic types, most of a package's field types, are made once.
type converter struct {
	own    string            // the package's import path
	names  map[named]typ     // named types
	shared map[sharedKey]typ // pointers and slices of named or basic types
}

type sharedKey struct {
	slice bool // else a pointer
	elem  typ  // a named or basic type
}

func newConverter(own string) *converter {
	return &converter{own: own, names: map[named]typ{}, shared: map[sharedKey]typ{}}
}

// typeOf converts a type expression the emitters build.
func (c *converter) typeOf(x dst.Expr) (typ, error) {
	switch x := x.(type) {
	case *dst.Ident:
		return c.ident(x), nil
	case *dst.StarExpr:
		elem, err := c.typeOf(x.X)
		return c.wrap(false, elem), err
	case *dst.ArrayType:
		if x.Len != nil {
			return nil, fmt.Errorf("array types are not supported")
		}
		elem, err := c.typeOf(x.Elt)
		return c.wrap(true, elem), err
	case *dst.MapType:
		key, err := c.typeOf(x.Key)
		if err != nil {
			return nil, err
		}
		elem, err := c.typeOf(x.Value)
		return mapType{key, elem}, err
	case *dst.StructType:
		return c.structOf(x)
	}
	return nil, fmt.Errorf("type expression %T is not supported", x)
}

func (c *converter) ident(x *dst.Ident) typ {
	if t, ok := predeclared[x.Name]; ok && x.Path == "" {
		return t
	}
	n := named{path: x.Path, name: x.Name}
	if x.Path == c.own {
		n.path = ""
	}
	t, ok := c.names[n]
	if !ok {
		t = n
		c.names[n] = t
	}
	return t
}

// wrap is a pointer to elem or a slice of elem.
func (c *converter) wrap(isSlice bool, elem typ) typ {
	switch elem.(type) {
	case named, basic:
	default:
		if isSlice {
			return slice{elem}
		}
		return pointer{elem}
	}
	key := sharedKey{isSlice, elem}
	t, ok := c.shared[key]
	if !ok {
		if t = typ(pointer{elem}); isSlice {
			t = slice{elem}
		}
		c.shared[key] = t
	}
	return t
}

func (c *converter) structOf(x *dst.StructType) (typ, error) {
	s := structType{fields: make([]field, 0, len(x.Fields.List))}
	for _, f := range x.Fields.List {
		t, err := c.typeOf(f.Type)
		if err != nil {
			return nil, err
		}
		for _, n := range f.Names {
			s.fields = append(s.fields, field{n.Name, t})
		}
		if len(f.Names) == 0 {
			name, err := embeddedName(t)
			if err != nil {
				return nil, err
			}
			s.fields = append(s.fields, field{name, t})
		}
	}
	return s, nil
}

// embeddedName is an embedded field's name: its type's.
func embeddedName(t typ) (string, error) {
	if p, ok := t.(pointer); ok {
		t = p.elem
	}
	if n, ok := t.(named); ok {
		return n.name, nil
	}
	return "", fmt.Errorf("embedded field of type %v", t)
}

// externals holds the underlying types of goref's types, read once (externalUnderlying).
var externals sync.Map // named → typ

// externalUnderlying is the underlying type of a type of goref's table, from its deepcopy row.
func externalUnderlying(n named) (typ, error) {
	if t, ok := externals.Load(n); ok {
		return t.(typ), nil
	}
	t, err := readExternal(n)
	if err == nil {
		externals.Store(n, t)
	}
	return t, err
}

func readExternal(n named) (typ, error) {
	c, ok := goref.CopyOf(goref.Ref{Path: n.path, Name: n.name})
	if !ok {
		return nil, fmt.Errorf("type %s.%s has no deepcopy row in pkg/goref", n.path, n.name)
	}
	if c.Underlying == "struct" {
		return external{shallow: c.Shallow}, nil
	}
	return parseType(c.Underlying)
}

// parseType reads the Go syntax of an underlying type of goref's table: a predeclared type, or
// a map or slice of them.
func parseType(s string) (typ, error) {
	switch {
	case predeclared[s] != nil:
		return predeclared[s], nil
	case len(s) > 2 && s[:2] == "[]":
		elem, err := parseType(s[2:])
		return slice{elem}, err
	case len(s) > 4 && s[:4] == "map[":
		for i := 4; i < len(s); i++ {
			if s[i] == ']' {
				key, err := parseType(s[4:i])
				if err != nil {
					return nil, err
				}
				elem, err := parseType(s[i+1:])
				return mapType{key, elem}, err
			}
		}
	}
	return nil, fmt.Errorf("underlying type %q is not supported", s)
}
