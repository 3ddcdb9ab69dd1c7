package crd

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// arg is one key=value argument of a marker; value is as written (a quoted string still quoted).
type arg struct {
	key, value string
}

// splitArgs splits "k1=v1,k2=v2" at the commas outside quoted strings and braces.
func splitArgs(s string) ([]arg, error) {
	var args []arg
	for s != "" {
		key, rest, ok := strings.Cut(s, "=")
		if !ok {
			return nil, fmt.Errorf("argument %q has no value", s)
		}
		n, err := valueLen(rest, ',')
		if err != nil {
			return nil, err
		}
		args = append(args, arg{key: key, value: rest[:n]})
		s = strings.TrimPrefix(rest[n:], ",")
	}
	return args, nil
}

// valueLen is the length of the value at the start of s: up to the first stop byte outside a
// quoted string and braces.
func valueLen(s string, stop byte) (int, error) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			n, err := quotedLen(s[i:])
			if err != nil {
				return 0, err
			}
			i += n - 1
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == stop && depth == 0:
			return i, nil
		}
	}
	return len(s), nil
}

// quotedLen is the length of the Go string literal at the start of s.
func quotedLen(s string) (int, error) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1, nil
		}
	}
	return 0, fmt.Errorf("unterminated string %s", s)
}

// stringValue reads a string argument: a Go string literal, or the text as it is.
func stringValue(v string) (string, error) {
	if strings.HasPrefix(v, `"`) {
		return strconv.Unquote(v)
	}
	return v, nil
}

// enumValues reads an Enum argument, `{"a","b"}` or `1;2;3`, as JSON values.
func enumValues(v string) ([]json.RawMessage, error) {
	sep := byte(';')
	if inner, ok := strings.CutPrefix(v, "{"); ok {
		v, sep = strings.TrimSuffix(inner, "}"), ','
	}
	var out []json.RawMessage
	for v != "" {
		n, err := valueLen(v, sep)
		if err != nil {
			return nil, err
		}
		raw, err := jsonValue(strings.TrimSpace(v[:n]))
		if err != nil {
			return nil, err
		}
		out = append(out, raw)
		v = strings.TrimPrefix(v[n:], string(sep))
	}
	return out, nil
}

// jsonValue is one element of an enum as JSON: a quoted string, an integer, a number or a bare
// word (a string).
func jsonValue(v string) (json.RawMessage, error) {
	if strings.HasPrefix(v, `"`) {
		s, err := strconv.Unquote(v)
		if err != nil {
			return nil, err
		}
		return json.Marshal(s)
	}
	if i, err := strconv.ParseInt(v, 10, 64); err == nil {
		return json.Marshal(i)
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		return json.Marshal(f)
	}
	return json.Marshal(v)
}
