package openapi

import (
	"regexp"

	"github.com/asogen/asogen/pkg/astmodel"
	spec "github.com/go-openapi/spec"
)

// validation returns the value constraints of a Spec property: its own, and those of the
// definition it names with $ref where it sets none itself (a named string type with a pattern).
// nil when there are none. A pattern Go's regexp cannot compile (ECMA lookarounds, backreferences)
// is dropped: the API server compiles CRD patterns with Go's regexp and would refuse the CRD.
func (p *pkgBuilder) validation(n node) *astmodel.Validation {
	v := constraints(n.s)
	if n.refString() != "" {
		if rn, err := p.load.resolve(n); err == nil {
			v = merged(v, constraints(rn.s))
		}
	}
	if v.IsZero() {
		return nil
	}
	return v
}

// constraints reads one schema's constraints.
func constraints(s *spec.Schema) *astmodel.Validation {
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
	return v
}

// merged fills what own leaves unset from named.
func merged(own, named *astmodel.Validation) *astmodel.Validation {
	out := *own
	out.Pattern = firstString(own.Pattern, named.Pattern)
	out.Format = firstString(own.Format, named.Format)
	out.MinLength, out.MaxLength = firstOf(own.MinLength, named.MinLength), firstOf(own.MaxLength, named.MaxLength)
	out.MinItems, out.MaxItems = firstOf(own.MinItems, named.MinItems), firstOf(own.MaxItems, named.MaxItems)
	if own.Minimum == nil {
		out.Minimum, out.ExclusiveMinimum = named.Minimum, named.ExclusiveMinimum
	}
	if own.Maximum == nil {
		out.Maximum, out.ExclusiveMaximum = named.Maximum, named.ExclusiveMaximum
	}
	return &out
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
