package astmodel

// Validation holds the constraints the spec puts on a property's value (pattern, lengths,
// ranges, item counts, format uuid, the values of an integer enum). The reader sets it on Spec properties only; emitters turn
// it into kubebuilder markers on API-version fields, so the API server rejects a bad value
// before any ARM call. Storage variants and Status never carry markers.
type Validation struct {
	Pattern              string // a Go (RE2) regular expression; ECMA-only patterns are dropped
	MinLength, MaxLength *int64
	Minimum, Maximum     *float64
	ExclusiveMinimum     bool
	ExclusiveMaximum     bool
	MinItems, MaxItems   *int64
	Format               string      // "uuid" only
	IntEnum              string      // the values of an integer enum, ";"-separated ("1;2;3"), as kubebuilder's Enum marker takes them
	Items                *Validation // the constraints on each item of an array (pattern, lengths, range, format)
}

// IsZero reports whether v constrains nothing.
func (v *Validation) IsZero() bool {
	return v == nil || *v == Validation{}
}
