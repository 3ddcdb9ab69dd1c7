package crd

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"

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
	text   []byte                            // nil: written once, not remembered yet
	column int                               // the writer's column after the text
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
	switch k {
	case "required":
		return w.strings(k, s.Required, column)
	case "enum":
		return w.enum(s.Enum, column)
	case "x-kubernetes-validations":
		return w.rules(s.XValidations, column)
	}
	text, ok, err := plainKeyword(s, k)
	if !ok || err != nil {
		return ok, err
	}
	w.entry(k, column)
	w.buf.WriteByte(' ')
	w.write(text)
	return true, nil
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

// plainKeyword is the text of a number or boolean field of s; ok reports a set field.
func plainKeyword(s *apiext.JSONSchemaProps, k string) (text string, ok bool, err error) {
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
		return "true", s.ExclusiveMaximum, nil
	case "exclusiveMinimum":
		return "true", s.ExclusiveMinimum, nil
	case "x-kubernetes-preserve-unknown-fields":
		if s.XPreserveUnknownFields == nil {
			return "", false, nil
		}
		return strconv.FormatBool(*s.XPreserveUnknownFields), true, nil
	}
	return "", false, fmt.Errorf("internal error: schema keyword %s", k)
}

func count(n *int64) (string, bool, error) {
	if n == nil {
		return "", false, nil
	}
	return strconv.FormatInt(*n, 10), true, nil
}

func bound(f *float64) (string, bool, error) {
	if f == nil {
		return "", false, nil
	}
	text, err := numberText(*f)
	return text, true, err
}

// strings writes the entry k: a sequence of strings, when list has any.
func (w *yamlWriter) strings(k string, list []string, column int) (bool, error) {
	if len(list) == 0 {
		return false, nil
	}
	w.entry(k, column)
	for _, s := range list {
		w.indent(column)
		w.write("-")
		if err := w.scalar(s, false, column+2); err != nil {
			return true, err
		}
	}
	return true, nil
}

// enum writes the entry enum: its values, strings, integers and numbers.
func (w *yamlWriter) enum(values []apiext.JSON, column int) (bool, error) {
	if len(values) == 0 {
		return false, nil
	}
	w.entry("enum", column)
	for _, v := range values {
		text, quoted, err := enumValue(v.Raw)
		if err != nil {
			return true, err
		}
		w.indent(column)
		w.write("-")
		if quoted {
			err = w.scalar(text, false, column+2)
		} else {
			w.buf.WriteByte(' ')
			w.write(text)
		}
		if err != nil {
			return true, err
		}
	}
	return true, nil
}

// rules writes the entry x-kubernetes-validations, when there are rules.
func (w *yamlWriter) rules(rules apiext.ValidationRules, column int) (bool, error) {
	if len(rules) == 0 {
		return false, nil
	}
	n := &node{kind: sequenceNode}
	for _, r := range rules {
		rule, err := ruleNode(r)
		if err != nil {
			return true, err
		}
		n.items = append(n.items, rule)
	}
	w.entry("x-kubernetes-validations", column)
	return true, w.value(n, column)
}

// properties writes the entries of a properties map at column+2, from the cache when it has
// written the map at this column before.
func (w *yamlWriter) properties(props map[string]apiext.JSONSchemaProps, column int) error {
	key := blockKey{props: reflect.ValueOf(props).Pointer(), column: column}
	seen := false
	if w.memo != nil {
		b, ok := w.memo.blocks[key]
		if ok && b.text != nil {
			w.buf.Write(b.text)
			w.column = b.column
			return nil
		}
		seen = ok
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
	w.remember(key, props, seen, start)
	return nil
}

// remember notes a properties block written from start: the first time only that it was
// written (most types are written once), its text the second time.
func (w *yamlWriter) remember(key blockKey, props map[string]apiext.JSONSchemaProps, seen bool, start int) {
	switch {
	case w.memo == nil:
	case seen:
		w.memo.blocks[key] = block{props: props, text: slices.Clone(w.buf.Bytes()[start:]), column: w.column}
	default:
		w.memo.blocks[key] = block{props: props}
	}
}
