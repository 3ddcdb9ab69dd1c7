package genruntime

// Helpers for generated conversions between API versions: each keeps nil as nil and never
// shares memory between the source and the copy, so one generated line replaces a nil check, a
// copy and an assignment.

// ClonePointer returns a pointer to a copy of *p, or nil when p is nil.
func ClonePointer[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// CastPointer returns a pointer to *p converted to T (an enum and its string), or nil.
func CastPointer[T, S ~string](p *S) *T {
	if p == nil {
		return nil
	}
	v := T(*p)
	return &v
}

// CloneSlice returns a copy of s; nil stays nil.
func CloneSlice[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

// CastSlice returns a copy of s with every element converted to T; nil stays nil.
func CastSlice[T, S ~string](s []S) []T {
	if s == nil {
		return nil
	}
	out := make([]T, len(s))
	for i, v := range s {
		out[i] = T(v)
	}
	return out
}

// CloneMap returns a copy of m; nil stays nil.
func CloneMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return nil
	}
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// CastMap returns a copy of m with every value converted to T; nil stays nil.
func CastMap[T, S ~string](m map[string]S) map[string]T {
	if m == nil {
		return nil
	}
	out := make(map[string]T, len(m))
	for k, v := range m {
		out[k] = T(v)
	}
	return out
}
