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

// schemaFields are the schema fields the writer writes, in go-yaml's key order.
var schemaFields = func() []string {
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
	for _, k := range schemaFields {
		present, err := w.field(s, k, column+2)
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

// field writes the field k of s as an entry at column when it is set.
func (w *yamlWriter) field(s *apiext.JSONSchemaProps, k string, column int) (bool, error) {
	switch k {
	case "additionalProperties":
		return s.AdditionalProperties != nil, w.subschema(k, s.AdditionalProperties, column)
	case "items":
		return s.Items != nil, w.items(k, s.Items, column)
	case "properties":
		return len(s.Properties) > 0, w.properties(k, s.Properties, column)
	case "description":
		return w.text(k, s.Description, column)
	case "format":
		return w.text(k, s.Format, column)
	case "pattern":
		return w.text(k, s.Pattern, column)
	case "type":
		return w.text(k, s.Type, column)
	case "enum":
		return w.enum(s.Enum, column)
	case "required":
		return w.strings(k, s.Required, column)
	case "x-kubernetes-validations":
		return w.rules(s.XValidations, column)
	}
	return w.plainField(s, k, column)
}

// plainField writes a number or boolean field of s.
func (w *yamlWriter) plainField(s *apiext.JSONSchemaProps, k string, column int) (bool, error) {
	switch k {
	case "exclusiveMaximum":
		return w.flag(k, s.ExclusiveMaximum, column)
	case "exclusiveMinimum":
		return w.flag(k, s.ExclusiveMinimum, column)
	case "maxItems":
		return w.count(k, s.MaxItems, column)
	case "maxLength":
		return w.count(k, s.MaxLength, column)
	case "minItems":
		return w.count(k, s.MinItems, column)
	case "minLength":
		return w.count(k, s.MinLength, column)
	case "maximum":
		return w.bound(k, s.Maximum, column)
	case "minimum":
		return w.bound(k, s.Minimum, column)
	case "x-kubernetes-preserve-unknown-fields":
		if s.XPreserveUnknownFields == nil {
			return false, nil
		}
		w.plainEntry(k, strconv.FormatBool(*s.XPreserveUnknownFields), column)
		return true, nil
	}
	return false, fmt.Errorf("internal error: schema field %s", k)
}

// subschema writes the entry k: an additional properties schema, when set.
func (w *yamlWriter) subschema(k string, s *apiext.JSONSchemaPropsOrBool, column int) error {
	if s == nil {
		return nil
	}
	w.entry(k, column)
	return w.schema(s.Schema, column)
}

// items writes the entry k: an items schema, when set.
func (w *yamlWriter) items(k string, s *apiext.JSONSchemaPropsOrArray, column int) error {
	if s == nil {
		return nil
	}
	w.entry(k, column)
	return w.schema(s.Schema, column)
}

// entry starts the mapping entry "k:" at column.
func (w *yamlWriter) entry(k string, column int) {
	w.indent(column)
	w.write(k)
	w.write(":")
}

// plainEntry writes the entry k: text, text a plain scalar (a number, a boolean).
func (w *yamlWriter) plainEntry(k, text string, column int) {
	w.entry(k, column)
	w.buf.WriteByte(' ')
	w.write(text)
}

// text writes the entry k: s when s is set.
func (w *yamlWriter) text(k, s string, column int) (bool, error) {
	if s == "" {
		return false, nil
	}
	w.entry(k, column)
	return true, w.scalar(s, false, column+2)
}

// flag writes the entry k: true when set.
func (w *yamlWriter) flag(k string, set bool, column int) (bool, error) {
	if set {
		w.plainEntry(k, "true", column)
	}
	return set, nil
}

// count writes the entry k: n when n is set.
func (w *yamlWriter) count(k string, n *int64, column int) (bool, error) {
	if n == nil {
		return false, nil
	}
	w.plainEntry(k, strconv.FormatInt(*n, 10), column)
	return true, nil
}

// bound writes the entry k: f when f is set, as JSON writes it.
func (w *yamlWriter) bound(k string, f *float64, column int) (bool, error) {
	if f == nil {
		return false, nil
	}
	text, err := numberText(*f)
	if err != nil {
		return true, err
	}
	w.plainEntry(k, text, column)
	return true, nil
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
func (w *yamlWriter) properties(k string, props map[string]apiext.JSONSchemaProps, column int) error {
	if len(props) == 0 {
		return nil
	}
	w.entry(k, column)
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
