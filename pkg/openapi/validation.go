package openapi

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	spec "github.com/go-openapi/spec"
)

// validation returns the value constraints of a Spec property: its own, and those of the
// definition it names with $ref where it sets none itself (a named string type with a pattern).
// nil when there are none. A pattern Go's regexp cannot compile (ECMA lookarounds, backreferences)
// is dropped: the API server compiles CRD patterns with Go's regexp and would refuse the CRD.
func (p *pkgBuilder) validation(n node) *astmodel.Validation {
	return p.validationAt(n, maxArrayDepth)
}

// validationAt reads n's constraints and, for an array, those of its items (depth bounds nested
// arrays).
func (p *pkgBuilder) validationAt(n node, depth int) *astmodel.Validation {
	v := constraints(n.s)
	rn, err := p.targetOf(n)
	if err != nil {
		return v
	}
	if n.refString() != "" {
		if named := constraints(rn.s); named != nil {
			v = merged(v, named)
		}
	}
	if items := rn.s.Items; items != nil && items.Schema != nil && depth > 0 {
		if iv := p.validationAt(rn.child(items.Schema, "items"), depth-1); iv != nil {
			v = withItems(v, iv)
		}
	}
	return v
}

// withItems returns v (nil: no constraints of its own) with the items' constraints.
func withItems(v, items *astmodel.Validation) *astmodel.Validation {
	out := astmodel.Validation{}
	if v != nil {
		out = *v
	}
	out.Items = items
	return &out
}

// maxArrayDepth bounds how many levels of nested arrays keep their items' constraints.
const maxArrayDepth = 4

// refTarget is a memoized $ref resolution.
type refTarget struct {
	n   node
	err error
}

// targetOf resolves n's $ref (n itself when it has none) once per referencing schema: typeOf,
// readOnly and validation all ask for every Spec property.
func (p *pkgBuilder) targetOf(n node) (node, error) {
	if n.refString() == "" {
		return n, nil
	}
	if t, done := p.targets[n.s]; done {
		return t.n, t.err
	}
	rn, err := p.resolve(n)
	p.targets[n.s] = refTarget{n: rn, err: err}
	return rn, err
}

// hasConstraints reports whether s sets anything constraints reads.
func hasConstraints(s *spec.Schema) bool {
	return s.Pattern != "" || s.Format == "uuid" || s.MinLength != nil || s.MaxLength != nil || s.Minimum != nil ||
		s.Maximum != nil || s.MinItems != nil || s.MaxItems != nil || intEnum(s) != ""
}

// constraints reads one schema's constraints; nil when it has none.
func constraints(s *spec.Schema) *astmodel.Validation {
	if !hasConstraints(s) {
		return nil
	}
	v := &astmodel.Validation{
		MinLength: s.MinLength, MaxLength: s.MaxLength,
		Minimum: s.Minimum, Maximum: s.Maximum,
		MinItems: s.MinItems, MaxItems: s.MaxItems,
	}
	v.ExclusiveMinimum = s.ExclusiveMinimum && s.Minimum != nil
	v.ExclusiveMaximum = s.ExclusiveMaximum && s.Maximum != nil
	if s.Pattern != "" {
		if _, err := regexp.Compile(s.Pattern); err == nil {
			v.Pattern = s.Pattern
		}
	}
	if s.Format == "uuid" {
		v.Format = "uuid"
	}
	v.IntEnum = intEnum(s)
	if v.IsZero() {
		return nil
	}
	return v
}

// merged fills what own (nil: nothing) leaves unset from named.
func merged(own, named *astmodel.Validation) *astmodel.Validation {
	if own == nil {
		return named
	}
	out := *own
	out.Pattern = firstString(own.Pattern, named.Pattern)
	out.Format = firstString(own.Format, named.Format)
	out.IntEnum = firstString(own.IntEnum, named.IntEnum)
	out.MinLength, out.MaxLength = firstOf(own.MinLength, named.MinLength), firstOf(own.MaxLength, named.MaxLength)
	out.MinItems, out.MaxItems = firstOf(own.MinItems, named.MinItems), firstOf(own.MaxItems, named.MaxItems)
	out.Items = firstOf(own.Items, named.Items)
	if own.Minimum == nil {
		out.Minimum, out.ExclusiveMinimum = named.Minimum, named.ExclusiveMinimum
	}
	if own.Maximum == nil {
		out.Maximum, out.ExclusiveMaximum = named.Maximum, named.ExclusiveMaximum
	}
	return &out
}

// intEnum returns the values of an integer enum, ";"-separated in the spec's order; "" when s is
// no integer enum or a value is not an integer.
func intEnum(s *spec.Schema) string {
	if len(s.Enum) == 0 || len(s.Type) == 0 || s.Type[0] != "integer" {
		return ""
	}
	values := make([]string, len(s.Enum))
	for i, v := range s.Enum {
		f, ok := v.(float64)
		if !ok || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return ""
		}
		values[i] = strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strings.Join(values, ";")
}

func firstString(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func firstOf[T any](a, b *T) *T {
	if a != nil {
		return a
	}
	return b
}

// maxReadOnlyDepth bounds how far readOnly is looked for through $ref and allOf (a cycle of
// either ends there; real specs need two levels).
const maxReadOnlyDepth = 8

// readOnly reports whether a property's schema is read-only where it is declared, in the
// definition it names with $ref, or in any allOf parent of either: such a property is kept out
// of Spec and stays in Status.
func (p *pkgBuilder) readOnly(n node) bool {
	return p.readOnlyAt(n, maxReadOnlyDepth)
}

func (p *pkgBuilder) readOnlyAt(n node, depth int) bool {
	if n.s.ReadOnly {
		return true
	}
	if depth == 0 {
		return false
	}
	if n.refString() != "" {
		rn, err := p.targetOf(n)
		return err == nil && p.readOnlyAt(rn, depth-1)
	}
	for i := range n.s.AllOf {
		if p.readOnlyAt(n.child(&n.s.AllOf[i], "allOf", strconv.Itoa(i)), depth-1) {
			return true
		}
	}
	return false
}

// nameValidation returns the constraints of the path parameter that names the resource (the
// last segment of the PUT URL, e.g. "{accountName}"): they become AzureName's. nil when none.
func nameValidation(d *document, path string, op *spec.Operation) *astmodel.Validation {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	last := segs[len(segs)-1]
	if !isParam(last) {
		return nil
	}
	for _, prm := range op.Parameters {
		prm = localParam(d, prm)
		if prm.In == "path" && prm.Name == strings.Trim(last, "{}") {
			return constraints(&spec.Schema{SchemaProps: spec.SchemaProps{Pattern: prm.Pattern,
				MinLength: prm.MinLength, MaxLength: prm.MaxLength}})
		}
	}
	return nil
}
