package openapi

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	openapi "github.com/go-openapi/spec"
)

// field reads the value of one key of a JSON object into a go-openapi value of type T as
// encoding/json and the type's UnmarshalJSON would, or returns false where they would fail or
// where the fast decoder does not follow them; decodeFast then leaves the document to go-openapi.
type field[T any] struct {
	name string
	read func(s *scanner, v *T) bool
}

// fieldSet is the keys of one go-openapi type. Names starting with $ are read by the type's
// UnmarshalJSON from a map, by exact name; the others are struct fields, which encoding/json also
// matches case-insensitively.
type fieldSet[T any] struct {
	list  []field[T]
	index map[string]int
}

// maxFields is how many fields a fieldSet may hold: the decoders record the fields met in a
// seenSet, one bit per field.
const maxFields = 64

// seenSet records the fields of a fieldSet met in one object, by index.
type seenSet uint64

func (s seenSet) has(i int) bool { return s&(1<<i) != 0 }
func (s *seenSet) add(i int)     { *s |= 1 << i }

// newFieldSet builds a field table. It panics (at package initialisation, so every test and every
// run fails at once) when the table has more fields than a seenSet can record: past that limit
// repeated keys would go undetected.
func newFieldSet[T any](list ...field[T]) *fieldSet[T] {
	if len(list) > maxFields {
		panic(fmt.Sprintf("openapi: a field table has %d fields; seenSet records at most %d", len(list), maxFields))
	}
	f := &fieldSet[T]{list: list, index: map[string]int{}}
	for i, fl := range list {
		f.index[fl.name] = i
	}
	return f
}

// lookup returns the index of key's field and whether the name matched exactly, or -1.
func (f *fieldSet[T]) lookup(key string) (int, bool) {
	if i, ok := f.index[key]; ok {
		return i, true
	}
	for i, fl := range f.list {
		if fl.name[0] != '$' && strings.EqualFold(key, fl.name) {
			return i, false
		}
	}
	return -1, false
}

// isExtension reports an x-… key, which go-openapi keeps in Extensions with its case as written.
func isExtension(key string) bool {
	return len(key) >= 2 && key[0]|0x20 == 'x' && key[1] == '-'
}

// readStruct reads an object into v, a go-openapi type that encoding/json decodes field by field
// (Operation, Parameter, Response): every field once (a repeated field, which encoding/json would
// merge, or one matched only case-insensitively is not taken), extensions into ext, and any other
// key passed over (after checking it, since go-openapi decodes the whole object into a map too).
func readStruct[T any](s *scanner, v *T, fields *fieldSet[T], ext *openapi.Extensions) bool {
	if s.peek() != '{' {
		return false
	}
	var seen seenSet
	return s.members(func(key string) bool {
		if isExtension(key) {
			if *ext == nil {
				*ext = openapi.Extensions{}
			}
			return s.genericInto(*ext, key)
		}
		i, exact := fields.lookup(key)
		switch {
		case i < 0:
			return s.valid()
		case !exact || seen.has(i):
			return false
		}
		seen.add(i)
		return fields.list[i].read(s, v)
	})
}

// stringField reads a string; null leaves it unchanged.
func stringField[T any](get func(*T) *string) func(*scanner, *T) bool {
	return func(s *scanner, v *T) bool { return s.stringInto(get(v)) }
}

func boolField[T any](get func(*T) *bool) func(*scanner, *T) bool {
	return func(s *scanner, v *T) bool {
		switch s.peek() {
		case 't', 'f':
			*get(v) = s.data[s.pos] == 't'
		case 'n':
		default:
			return false
		}
		s.skip()
		return true
	}
}

func anyField[T any](get func(*T) *any) func(*scanner, *T) bool {
	return func(s *scanner, v *T) bool {
		val, ok := s.generic()
		*get(v) = val
		return ok
	}
}

func floatField[T any](get func(*T) **float64) func(*scanner, *T) bool {
	return func(s *scanner, v *T) bool {
		text, ok := s.numberText()
		if !ok || text == "" {
			return ok
		}
		f, err := strconv.ParseFloat(text, 64)
		*get(v) = &f
		return err == nil
	}
}

func intField[T any](get func(*T) **int64) func(*scanner, *T) bool {
	return func(s *scanner, v *T) bool {
		text, ok := s.numberText()
		if !ok || text == "" {
			return ok
		}
		n, err := strconv.ParseInt(text, 10, 64)
		*get(v) = &n
		return err == nil
	}
}

// stringsField reads an array of strings; a null element is an empty string, as encoding/json has it.
func stringsField[T any](get func(*T) *[]string) func(*scanner, *T) bool {
	return func(s *scanner, v *T) bool {
		switch s.peek() {
		case '[':
			list, ok := s.strings()
			*get(v) = list
			return ok
		case 'n':
			s.skip()
			return true
		}
		return false
	}
}

func enumField[T any](get func(*T) *[]any) func(*scanner, *T) bool {
	return func(s *scanner, v *T) bool {
		switch s.peek() {
		case '[':
			val, ok := s.generic()
			*get(v) = val.([]any)
			return ok
		case 'n':
			s.skip()
			return true
		}
		return false
	}
}

// schemaField reads a *Schema field: a schema object or null.
func schemaField[T any](get func(*T) **openapi.Schema) func(*scanner, *T) bool {
	return func(s *scanner, v *T) bool {
		switch s.peek() {
		case '{':
			*get(v) = &openapi.Schema{}
			return s.schema(*get(v))
		case 'n':
			s.skip()
			return true
		}
		return false
	}
}

// refField reads the $ref of a Parameter or Response, which, unlike a schema's, fails when it is
// not a valid JSON reference; anything but a string is ignored.
func refField[T any](get func(*T) *openapi.Ref) func(*scanner, *T) bool {
	return func(s *scanner, v *T) bool {
		if s.peek() != '"' {
			return s.valid()
		}
		text, ok := s.str()
		ref, err := openapi.NewRef(text)
		*get(v) = ref
		return ok && err == nil
	}
}

// byLibrary decodes a rarely used field's value with encoding/json, as go-openapi does, so it
// comes out exactly as there.
func byLibrary[T any](get func(*T) any) func(*scanner, *T) bool {
	return func(s *scanner, v *T) bool {
		s.peek()
		start := s.pos
		if json.Unmarshal(s.raw(), get(v)) != nil {
			return false
		}
		s.pos = start
		return s.valid() // go-openapi decodes every value into a map as well
	}
}

// strings reads an array of strings; a null element is an empty string.
func (s *scanner) strings() ([]string, bool) {
	list := []string{}
	ok := s.elements(func() bool {
		var text string
		ok := s.stringInto(&text)
		list = append(list, text)
		return ok
	})
	return list, ok
}

// stringInto reads a string; null leaves dst unchanged.
func (s *scanner) stringInto(dst *string) bool {
	switch s.peek() {
	case '"':
		text, ok := s.str()
		*dst = text
		return ok
	case 'n':
		s.skip()
		return true
	}
	return false
}

// numberText reads a number's text; ok is false for any other value, null gives "".
func (s *scanner) numberText() (string, bool) {
	switch c := s.peek(); {
	case c == 'n':
		s.skip()
		return "", true
	case c == '-' || '0' <= c && c <= '9':
		return s.number(), true
	}
	return "", false
}
