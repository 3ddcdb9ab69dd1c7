package openapi

import (
	"encoding/json"
	"strings"

	openapi "github.com/go-openapi/spec"
)

// decodeFast decodes a spec document in one pass over its bytes, filling the same go-openapi
// values json.Unmarshal would. go-openapi's Schema.UnmarshalJSON decodes a schema twice (its
// keywords into a struct, and all of it into a map for the extensions), and the nested schemas
// do so again, so a value d levels deep was decoded about 2d times: most of the reader's time.
//
// The pass takes only what it reproduces exactly: valid JSON, and values of the JSON types
// encoding/json accepts for their fields (the field sets of keywords.go and ops.go; rare fields
// are decoded by encoding/json itself, see byLibrary). Anything else (a malformed document, a
// type error, a repeated field, which encoding/json would merge, or $schema) returns false, and
// the caller decodes the document with json.Unmarshal, so errors and unusual documents come out
// exactly as before. The PUT operations, their parameters and the shared parameters are decoded
// in the same pass (see ops.go).
func decodeFast(raw []byte) (swagger, bool) {
	sw := swagger{puts: map[string]*openapi.Operation{}}
	if !json.Valid(raw) {
		return sw, false
	}
	s := &scanner{data: raw}
	if s.peek() != '{' {
		return sw, false
	}
	seen := map[string]bool{}
	ok := s.members(func(key string) bool {
		return s.topLevel(&sw, key, seen)
	})
	return sw, ok
}

// topLevel reads one member of the document: the three swagger fields, or anything else, skipped.
// A repeated field is not taken: encoding/json would merge the two maps.
func (s *scanner) topLevel(sw *swagger, key string, seen map[string]bool) bool {
	if seen[key] {
		return false
	}
	switch key {
	case "paths":
		seen[key] = true
		return s.paths(sw)
	case "definitions":
		seen[key] = true
		return s.definitions(sw)
	case "parameters":
		seen[key] = true
		return s.parameterMap(&sw.Parameters)
	}
	if strings.EqualFold(key, "paths") || strings.EqualFold(key, "definitions") || strings.EqualFold(key, "parameters") {
		return false // encoding/json matches field names case-insensitively
	}
	s.skip()
	return true
}

// paths decodes each path's PUT operation; the other operations are not needed.
func (s *scanner) paths(sw *swagger) bool {
	switch s.peek() {
	case 'n':
		s.skip()
		return true
	case '{':
		return s.members(func(path string) bool {
			delete(sw.puts, path) // a repeated path replaces the first, as in a decoded map
			return s.pathItem(sw, path)
		})
	}
	return false
}

func (s *scanner) pathItem(sw *swagger, path string) bool {
	switch s.peek() {
	case 'n':
		s.skip()
		return true
	case '{':
		return s.members(func(method string) bool {
			if method != "put" {
				s.skip()
				return true
			}
			op := &openapi.Operation{}
			sw.puts[path] = op
			return s.operation(op)
		})
	}
	return false
}

func (s *scanner) definitions(sw *swagger) bool {
	switch s.peek() {
	case 'n':
		s.skip()
		return true
	case '{':
		sw.defs = map[string]*openapi.Schema{}
		return s.members(func(name string) bool {
			sch := &openapi.Schema{}
			sw.defs[name] = sch
			return s.schema(sch)
		})
	}
	return false
}

// schema reads a schema object into out. Unlike the struct fields of readStruct, a key matched to
// a keyword only case-insensitively is taken, since go-openapi keeps it as an extra property too.
func (s *scanner) schema(out *openapi.Schema) bool {
	if s.peek() != '{' {
		return false
	}
	var seen seenSet // keywords met, by index in schemaFields
	return s.members(func(key string) bool {
		if isExtension(key) {
			if out.Extensions == nil {
				out.Extensions = openapi.Extensions{}
			}
			return s.genericInto(out.Extensions, key)
		}
		i, exact := schemaFields.lookup(key)
		switch {
		case i < 0:
			return s.extra(out, key)
		case seen.has(i):
			return false // repeated: encoding/json would merge the values
		}
		seen.add(i)
		if !exact {
			return s.folded(out, key, i)
		}
		return schemaFields.list[i].read(s, out)
	})
}

// folded reads a key that encoding/json matches to keyword i only case-insensitively, such as
// "readonly": the field takes the value, and go-openapi also keeps it as an extra property.
func (s *scanner) folded(out *openapi.Schema, key string, i int) bool {
	start := s.pos
	if !schemaFields.list[i].read(s, out) {
		return false
	}
	s.pos = start
	return s.extra(out, key)
}

// extra reads a key that is neither a keyword nor an extension into the extra properties.
func (s *scanner) extra(out *openapi.Schema, key string) bool {
	if out.ExtraProps == nil {
		out.ExtraProps = map[string]any{}
	}
	return s.genericInto(out.ExtraProps, key)
}

// genericInto reads a value into m[key].
func (s *scanner) genericInto(m map[string]any, key string) bool {
	v, ok := s.generic()
	m[key] = v
	return ok
}
