package openapi

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// scanner reads JSON text that json.Valid has accepted, so it never meets a syntax error. Every
// method returns false for a value it does not take the way encoding/json would; the caller then
// decodes the whole document with encoding/json instead (see decode.go).
type scanner struct {
	data []byte
	pos  int
}

// peek skips whitespace and returns the first byte of the next value.
func (s *scanner) peek() byte {
	for {
		switch c := s.data[s.pos]; c {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return c
		}
	}
}

// members calls fn for each member of the object at the scanner, with the scanner before the
// member's value, which fn must read. It stops at the first false.
func (s *scanner) members(fn func(key string) bool) bool {
	s.peek()
	s.pos++ // {
	if s.peek() == '}' {
		s.pos++
		return true
	}
	for {
		key, ok := s.str()
		if !ok {
			return false
		}
		s.peek()
		s.pos++ // :
		if !fn(key) {
			return false
		}
		c := s.peek()
		s.pos++ // , or }
		if c == '}' {
			return true
		}
	}
}

// elements calls fn for each element of the array at the scanner; fn must read the element.
func (s *scanner) elements(fn func() bool) bool {
	s.peek()
	s.pos++ // [
	if s.peek() == ']' {
		s.pos++
		return true
	}
	for {
		if !fn() {
			return false
		}
		c := s.peek()
		s.pos++ // , or ]
		if c == ']' {
			return true
		}
	}
}

// str reads a string. Plain text (valid UTF-8 without escapes, nearly every string of a spec)
// is copied as it is; anything else is unquoted by encoding/json itself.
func (s *scanner) str() (string, bool) {
	s.peek()
	start := s.pos
	end, plain := s.stringEnd()
	s.pos = end
	text := s.data[start+1 : end-1]
	if plain && utf8.Valid(text) {
		return string(text), true
	}
	var out string
	err := json.Unmarshal(s.data[start:end], &out)
	return out, err == nil
}

// stringEnd returns the offset just past the string starting at the scanner and whether the
// string has no escapes.
func (s *scanner) stringEnd() (int, bool) {
	plain := true
	for i := s.pos + 1; ; i++ {
		switch s.data[i] {
		case '"':
			return i + 1, plain
		case '\\':
			plain = false
			i++ // the escaped byte; the hex digits of \uXXXX need no care
		}
	}
}

// number reads a number's literal text.
func (s *scanner) number() string {
	start := s.pos
	for s.pos < len(s.data) && isNumberByte(s.data[s.pos]) {
		s.pos++
	}
	return string(s.data[start:s.pos])
}

func isNumberByte(c byte) bool {
	return '0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// skip passes over one value of any kind.
func (s *scanner) skip() {
	depth := 0
	for {
		switch s.peek() {
		case '"':
			s.pos, _ = s.stringEnd()
		case '{', '[':
			depth++
			s.pos++
		case '}', ']':
			depth--
			s.pos++
		case ',', ':':
			s.pos++
			continue
		case 't', 'n':
			s.pos += 4
		case 'f':
			s.pos += 5
		default:
			s.number()
		}
		if depth == 0 {
			return
		}
	}
}

// raw passes over one value and returns its text.
func (s *scanner) raw() []byte {
	s.peek()
	start := s.pos
	s.skip()
	return s.data[start:s.pos]
}

// generic reads a value as encoding/json decodes it into an `any`: objects become
// map[string]any (a repeated key keeps its last value), arrays []any, numbers float64.
func (s *scanner) generic() (any, bool) {
	switch s.peek() {
	case '{':
		m := map[string]any{}
		ok := s.members(func(key string) bool {
			v, ok := s.generic()
			m[key] = v
			return ok
		})
		return m, ok
	case '[':
		list := []any{}
		ok := s.elements(func() bool {
			v, ok := s.generic()
			list = append(list, v)
			return ok
		})
		return list, ok
	case '"':
		return s.str()
	}
	return s.literal()
}

// valid passes over a value that go-openapi ignores but still decodes into a map (every value of a
// schema is, for the extensions), which fails on a number outside float64's range.
func (s *scanner) valid() bool {
	_, ok := s.generic()
	return ok
}

// literal reads true, false, null or a number (as float64, like encoding/json).
func (s *scanner) literal() (any, bool) {
	switch s.peek() {
	case 't':
		s.pos += 4
		return true, true
	case 'f':
		s.pos += 5
		return false, true
	case 'n':
		s.pos += 4
		return nil, true
	}
	f, err := strconv.ParseFloat(s.number(), 64)
	return f, err == nil
}
