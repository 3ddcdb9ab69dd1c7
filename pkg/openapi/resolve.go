package openapi

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-openapi/spec"
)

// node is a schema together with the file and JSON pointer it was read from.
type node struct {
	s   *spec.Schema
	doc *document
	ptr string
}

// key identifies the schema's place: "file#pointer".
func (n node) key() string {
	return n.doc.path + "#" + n.ptr
}

// child returns a schema nested in n at the given pointer tokens.
func (n node) child(s *spec.Schema, tokens ...string) node {
	ptr := n.ptr
	for _, t := range tokens {
		ptr += "/" + escape(t)
	}
	return node{s: s, doc: n.doc, ptr: ptr}
}

// refString is the $ref of the schema, "" when it has none.
func (n node) refString() string {
	return n.s.Ref.String()
}

// refError is a $ref that cannot be followed.
type refError struct {
	ref     string // as written
	file    string // absolute target file
	ptr     string // target JSON pointer
	missing bool   // the file does not exist (else the pointer does not resolve)
	cycle   bool
	refused string // why the target is never read (remote, absolute, outside specRoot, not a regular file, too big)
}

func (e *refError) Error() string {
	return fmt.Sprintf("cannot resolve $ref %q", e.ref)
}

// target splits a $ref into the absolute target file and JSON pointer. A document's path is
// clean already, so a reference within the document (most are) costs no path work.
func target(n node) (file, ptr string) {
	filePart, frag, _ := strings.Cut(n.refString(), "#")
	if strings.Contains(frag, "%") { // go-openapi percent-encodes the fragment (non-ASCII names)
		if unescaped, err := url.PathUnescape(frag); err == nil {
			frag = unescaped
		}
	}
	if filePart == "" {
		return n.doc.path, frag
	}
	return filepath.Join(filepath.Dir(n.doc.path), filepath.FromSlash(filePart)), frag
}

// targetName is the definition name a $ref points at ("" when it is not /definitions/<name>).
func targetName(n node) string {
	_, ptr := target(n)
	parts := splitPointer(ptr)
	if len(parts) == 2 && parts[0] == "definitions" {
		return parts[1]
	}
	return ""
}

// resolve follows $ref chains to the schema they name, reading files with load.
func resolve(n node, load func(path string) (*document, error)) (node, error) {
	seen := map[string]bool{}
	for n.refString() != "" {
		filePart, _, _ := strings.Cut(n.refString(), "#")
		if reason := remoteOrAbsolute(filePart); reason != "" {
			return n, &refError{ref: n.refString(), refused: reason}
		}
		file, ptr := target(n)
		k := file + "#" + ptr
		if seen[k] {
			return n, &refError{ref: n.refString(), file: file, ptr: ptr, cycle: true}
		}
		seen[k] = true
		doc, err := load(file)
		var refused *refusedError
		if errors.As(err, &refused) {
			return n, &refError{ref: n.refString(), file: file, ptr: ptr, refused: refused.Error()}
		}
		if err == errMissing {
			return n, &refError{ref: n.refString(), file: file, ptr: ptr, missing: true}
		}
		if err != nil {
			return n, err
		}
		s, ok := schemaAt(doc, ptr)
		if !ok {
			return n, &refError{ref: n.refString(), file: file, ptr: ptr}
		}
		n = node{s: s, doc: doc, ptr: ptr}
	}
	return n, nil
}

// schemaAt walks a JSON pointer through the document's definitions.
func schemaAt(doc *document, ptr string) (*spec.Schema, bool) {
	parts := splitPointer(ptr)
	if len(parts) < 2 || parts[0] != "definitions" {
		return nil, false
	}
	s, ok := doc.defs[parts[1]]
	if !ok {
		return nil, false
	}
	for i := 2; i < len(parts) && s != nil; i++ {
		s, i = step(s, parts, i)
	}
	return s, s != nil
}

// step descends one level of a pointer, returning the new schema and the last index used.
func step(s *spec.Schema, parts []string, i int) (*spec.Schema, int) {
	switch parts[i] {
	case "items":
		if s.Items == nil || s.Items.Schema == nil {
			return nil, i
		}
		return s.Items.Schema, i
	case "additionalProperties":
		if s.AdditionalProperties == nil || s.AdditionalProperties.Schema == nil {
			return nil, i
		}
		return s.AdditionalProperties.Schema, i
	}
	if i+1 >= len(parts) {
		return nil, i
	}
	switch parts[i] {
	case "properties":
		p, ok := s.Properties[parts[i+1]]
		if !ok {
			return nil, i
		}
		return &p, i + 1
	case "allOf":
		idx, err := strconv.Atoi(parts[i+1])
		if err != nil || idx < 0 || idx >= len(s.AllOf) {
			return nil, i
		}
		return &s.AllOf[idx], i + 1
	}
	return nil, i
}
