package deepcopy

import (
	"fmt"

	"github.com/asogen/asogen/pkg/goref"
)

// The rules of controller-gen's deepcopy generator (controller-tools pkg/deepcopy/traverse.go)
// over typ. Like controller-gen, they see no generated deepcopy method: the package's own types
// have none, a type of goref's table has the hand-written ones its row records.

// types resolves the package's named types; the first problem is kept in err.
type types struct {
	local        map[string]typ  // the package's type declarations
	shallowLocal map[string]bool // shallow of the package's named types, once known
	err          error
}

func (ts *types) fail(format string, args ...any) {
	if ts.err == nil {
		ts.err = fmt.Errorf(format, args...)
	}
}

// underlying follows named types to their underlying type (eventualUnderlyingType).
func (ts *types) underlying(t typ) typ {
	n, ok := t.(named)
	if !ok {
		return t
	}
	if n.path == "" {
		u, ok := ts.local[n.name]
		if !ok {
			ts.fail("type %s is not declared in the package", n.name)
			return external{}
		}
		return ts.underlying(u)
	}
	u, err := externalUnderlying(n)
	if err != nil {
		ts.fail("%w", err)
		return external{}
	}
	return u
}

// methods says which hand-written deepcopy methods t (or the type a pointer points to) has:
// DeepCopy and whether its receiver is a pointer, and DeepCopyInto.
func (ts *types) methods(t typ) (deepCopy, onPtr, deepCopyInto bool) {
	if p, ok := t.(pointer); ok {
		t = p.elem
	}
	n, ok := t.(named)
	if !ok || n.path == "" {
		return false, false, false
	}
	c, _ := goref.CopyOf(goref.Ref{Path: n.path, Name: n.name})
	return c.DeepCopy, c.DeepCopyOnPtr, c.DeepCopyInto
}

// hasAny is hasAnyDeepCopyMethod.
func (ts *types) hasAny(t typ) bool {
	dc, _, dci := ts.methods(t)
	return dc || dci
}

// shallow is fineToShallowCopy: assignment copies a value of t deeply.
func (ts *types) shallow(t typ) bool {
	switch t := t.(type) {
	case basic:
		return true
	case named:
		if t.path != "" {
			return ts.shallow(ts.underlying(t))
		}
		s, ok := ts.shallowLocal[t.name]
		if !ok {
			s = ts.shallow(ts.underlying(t))
			ts.shallowLocal[t.name] = s
		}
		return s
	case structType:
		for _, f := range t.fields {
			if !ts.shallow(f.typ) {
				return false
			}
		}
		return true
	case external:
		return t.shallow
	}
	return false
}

// byReference is passesByReference.
func byReference(t typ) bool {
	switch t.(type) {
	case pointer, slice, mapType:
		return true
	}
	return false
}

// isStruct reports an underlying struct type.
func isStruct(t typ) bool {
	switch t.(type) {
	case structType, external:
		return true
	}
	return false
}

// resultIsPointer is resultWillBePointer: whether copying a value of t gives a pointer.
func (ts *types) resultIsPointer(t typ, deepCopy, onPtr bool) bool {
	if deepCopy {
		return onPtr
	}
	switch t := t.(type) {
	case pointer:
		return ts.resultIsPointer(t.elem, false, false)
	case mapType, slice:
		return false
	case named:
		return ts.resultIsPointer(ts.underlying(t), false, false)
	}
	return true
}
