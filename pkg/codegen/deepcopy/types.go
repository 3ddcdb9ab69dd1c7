package deepcopy

import (
	"fmt"

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

// predeclared lists the predeclared types a field may have.
var predeclared = map[string]bool{
	"bool": true, "string": true, "byte": true, "rune": true, "int": true, "int8": true, "int16": true,
	"int32": true, "int64": true, "uint": true, "uint8": true, "uint16": true, "uint32": true,
	"uint64": true, "uintptr": true, "float32": true, "float64": true, "complex64": true, "complex128": true,
}

// typeOf converts a type expression the emitters build; own is the package's import path.
func typeOf(x dst.Expr, own string) (typ, error) {
	switch x := x.(type) {
	case *dst.Ident:
		if x.Path == "" && predeclared[x.Name] {
			return basic(x.Name), nil
		}
		if x.Path == own {
			return named{name: x.Name}, nil
		}
		return named{path: x.Path, name: x.Name}, nil
	case *dst.StarExpr:
		elem, err := typeOf(x.X, own)
		return pointer{elem}, err
	case *dst.ArrayType:
		if x.Len != nil {
			return nil, fmt.Errorf("array types are not supported")
		}
		elem, err := typeOf(x.Elt, own)
		return slice{elem}, err
	case *dst.MapType:
		key, err := typeOf(x.Key, own)
		if err != nil {
			return nil, err
		}
		elem, err := typeOf(x.Value, own)
		return mapType{key, elem}, err
	case *dst.StructType:
		return structOf(x, own)
	}
	return nil, fmt.Errorf("type expression %T is not supported", x)
}

func structOf(x *dst.StructType, own string) (typ, error) {
	var s structType
	for _, f := range x.Fields.List {
		t, err := typeOf(f.Type, own)
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

// externalUnderlying is the underlying type of a type of goref's table, from its deepcopy row.
func externalUnderlying(n named) (typ, error) {
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
	case predeclared[s]:
		return basic(s), nil
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
