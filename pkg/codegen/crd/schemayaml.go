package crd

import (
	"fmt"
	"reflect"
	"slices"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// memo remembers text the writer wrote, to copy it when the same text is due again (the state
// of one batch: a group's CRDs, on one worker).
//
// blocks are the properties blocks, by map and column: the value copies of a named type's schema
// share its properties map (no map is changed once built), so a type used in many places is
// written once per column. scalars are the scalars, by text and position: descriptions repeat
// in every version of a kind.
type memo struct {
	blocks  map[blockKey]block
	scalars map[scalarKey]block
}

func newMemo() *memo {
	return &memo{blocks: map[blockKey]block{}, scalars: map[scalarKey]block{}}
}

type blockKey struct {
	props  uintptr
	column int
}

type scalarKey struct {
	text          string
	start, indent int // the column the scalar starts at, the column folded lines start at
	key           bool
}

// block is remembered text.
type block struct {
	props  map[string]apiext.JSONSchemaProps // held, so that no other map takes a block's address
	text   []byte
	column int // the writer's column after the text
}

// schemaKeywords are the schema fields the writer writes, in go-yaml's key order.
var schemaKeywords = func() []string {
	k := []string{"additionalProperties", "description", "enum", "exclusiveMaximum", "exclusiveMinimum", "format",
		"items", "maxItems", "maxLength", "maximum", "minItems", "minLength", "minimum", "pattern", "properties",
		"required", "type", "x-kubernetes-preserve-unknown-fields", "x-kubernetes-validations"}
	slices.SortFunc(k, func(a, b string) int {
		if keyLess(a, b) {
			return -1
		}
		return 1
	})
	return k
}()

// schema writes a schema as the value of the mapping entry whose key is at column.
func (w *yamlWriter) schema(s *apiext.JSONSchemaProps, column int) error {
	if unsupportedSchema(s) {
		return errUnsupported
	}
	empty := true
	for _, k := range schemaKeywords {
		present, err := w.keyword(s, k, column+2)
		if err != nil {
			return err
		}
		empty = empty && !present
	}
	if empty {
		w.write(" {}")
	}
	return nil
}

// keyword writes one field of s as an entry at column when it is set.
func (w *yamlWriter) keyword(s *apiext.JSONSchemaProps, k string, column int) (bool, error) {
	switch k {
	case "description", "type", "format", "pattern":
		return w.text(k, keywordText(s, k), column)
	case "items":
		if s.Items == nil {
			return false, nil
		}
		w.entry(k, column)
		return true, w.schema(s.Items.Schema, column)
	case "additionalProperties":
		if s.AdditionalProperties == nil {
			return false, nil
		}
		w.entry(k, column)
		return true, w.schema(s.AdditionalProperties.Schema, column)
	case "properties":
		if len(s.Properties) == 0 {
			return false, nil
		}
		w.entry(k, column)
		return true, w.properties(s.Properties, column)
	}
	v, ok, err := keywordValue(s, k)
	if !ok || err != nil {
		return ok, err
	}
	w.entry(k, column)
	return true, w.value(v, column)
}

// entry starts the mapping entry "k:" at column.
func (w *yamlWriter) entry(k string, column int) {
	w.indent(column)
	w.write(k)
	w.write(":")
}

// text writes the entry k: s when s is set.
func (w *yamlWriter) text(k, s string, column int) (bool, error) {
	if s == "" {
		return false, nil
	}
	w.entry(k, column)
	return true, w.scalar(s, false, column+2)
}

func keywordText(s *apiext.JSONSchemaProps, k string) string {
	switch k {
	case "description":
		return s.Description
	case "type":
		return s.Type
	case "format":
		return s.Format
	}
	return s.Pattern
}

// keywordValue is the node of a field of s that is not text or a schema; ok reports a set field.
func keywordValue(s *apiext.JSONSchemaProps, k string) (n *node, ok bool, err error) {
	switch k {
	case "maxLength":
		return count(s.MaxLength)
	case "minLength":
		return count(s.MinLength)
	case "maxItems":
		return count(s.MaxItems)
	case "minItems":
		return count(s.MinItems)
	case "maximum":
		return bound(s.Maximum)
	case "minimum":
		return bound(s.Minimum)
	case "exclusiveMaximum":
		return boolean(true), s.ExclusiveMaximum, nil
	case "exclusiveMinimum":
		return boolean(true), s.ExclusiveMinimum, nil
	case "x-kubernetes-preserve-unknown-fields":
		if s.XPreserveUnknownFields == nil {
			return nil, false, nil
		}
		return boolean(*s.XPreserveUnknownFields), true, nil
	case "required":
		return stringList(s.Required), len(s.Required) > 0, nil
	case "enum":
		if len(s.Enum) == 0 {
			return nil, false, nil
		}
		n, err := enumNode(s.Enum)
		return n, true, err
	case "x-kubernetes-validations":
		return rulesNode(s.XValidations)
	}
	return nil, false, fmt.Errorf("internal error: schema keyword %s", k)
}

func count(n *int64) (*node, bool, error) {
	if n == nil {
		return nil, false, nil
	}
	return integer(*n), true, nil
}

func bound(f *float64) (*node, bool, error) {
	if f == nil {
		return nil, false, nil
	}
	n, err := number(*f)
	return n, true, err
}

func stringList(list []string) *node {
	n := &node{kind: sequenceNode}
	for _, s := range list {
		n.items = append(n.items, str(s))
	}
	return n
}

func rulesNode(rules apiext.ValidationRules) (*node, bool, error) {
	if len(rules) == 0 {
		return nil, false, nil
	}
	n := &node{kind: sequenceNode}
	for _, r := range rules {
		rule, err := ruleNode(r)
		if err != nil {
			return nil, true, err
		}
		n.items = append(n.items, rule)
	}
	return n, true, nil
}

// properties writes the entries of a properties map at column+2, from the cache when it has
// written the map at this column before.
func (w *yamlWriter) properties(props map[string]apiext.JSONSchemaProps, column int) error {
	key := blockKey{props: reflect.ValueOf(props).Pointer(), column: column}
	if w.memo != nil {
		if b, ok := w.memo.blocks[key]; ok {
			w.buf.Write(b.text)
			w.column = b.column
			return nil
		}
	}
	start := w.buf.Len()
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	slices.SortFunc(names, func(a, b string) int {
		if keyLess(a, b) {
			return -1
		}
		return 1
	})
	for _, k := range names {
		w.indent(column + 2)
		if err := w.scalar(k, true, column+2); err != nil {
			return err
		}
		w.write(":")
		p := props[k]
		if err := w.schema(&p, column+2); err != nil {
			return err
		}
	}
	if w.memo != nil {
		w.memo.blocks[key] = block{props: props, text: slices.Clone(w.buf.Bytes()[start:]), column: w.column}
	}
	return nil
}
