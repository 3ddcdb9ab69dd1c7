package crd

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"unicode"
	"unicode/utf8"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// The nodes of a CRD document, built from its fields as encoding/json names them; a field the
// direct writer does not know (errUnsupported) leaves the document to go-yaml.

func str(s string) *node { return &node{kind: stringNode, text: s} }

func plain(s string) *node { return &node{kind: plainNode, text: s} }

func boolean(b bool) *node { return plain(strconv.FormatBool(b)) }

func integer(n int64) *node { return plain(strconv.FormatInt(n, 10)) }

// numberText is a float64 field as go-yaml writes it after a trip through JSON: an integer when
// JSON writes one, else go-yaml's shortest 'g' form.
func numberText(f float64) (string, error) {
	b, err := json.Marshal(f)
	if err != nil {
		return "", err
	}
	if _, err := strconv.ParseInt(string(b), 10, 64); err == nil {
		return string(b), nil
	}
	return strconv.FormatFloat(f, 'g', -1, 64), nil
}

// mapping collects entries and sorts them as go-yaml sorts a map's keys.
type mapping struct {
	keys   []string
	values []*node
}

func (m *mapping) set(key string, v *node) {
	m.keys = append(m.keys, key)
	m.values = append(m.values, v)
}

func (m *mapping) node() *node {
	order := make([]int, len(m.keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		switch {
		case keyLess(m.keys[a], m.keys[b]):
			return -1
		case keyLess(m.keys[b], m.keys[a]):
			return 1
		}
		return 0
	})
	n := &node{kind: mappingNode, keys: make([]string, len(order)), values: make([]*node, len(order))}
	for i, j := range order {
		n.keys[i], n.values[i] = m.keys[j], m.values[j]
	}
	return n
}

// keyLess is go-yaml v2's order of string keys: letters after other characters, runs of digits
// by their value.
func keyLess(a, b string) bool {
	if isASCII(a) && isASCII(b) {
		return runesLess([]byte(a), []byte(b))
	}
	return runesLess([]rune(a), []rune(b))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// runesLess is keyLess over the characters of two keys (bytes of ASCII keys, else runes).
func runesLess[C byte | rune](ar, br []C) bool {
	for i := 0; i < len(ar) && i < len(br); i++ {
		if ar[i] == br[i] {
			continue
		}
		al, bl := unicode.IsLetter(rune(ar[i])), unicode.IsLetter(rune(br[i]))
		if al && bl {
			return ar[i] < br[i]
		}
		if al || bl {
			return bl
		}
		return digitsLess(ar, br, i)
	}
	return len(ar) < len(br)
}

// digitsLess compares the runs of digits of a and b that start at i (neither rune a letter).
func digitsLess[C byte | rune](ar, br []C, i int) bool {
	var an, bn int64
	if ar[i] == '0' || br[i] == '0' {
		for j := i - 1; j >= 0 && unicode.IsDigit(rune(ar[j])); j-- {
			if ar[j] != '0' {
				an, bn = 1, 1
				break
			}
		}
	}
	ai, bi := i, i
	for ; ai < len(ar) && unicode.IsDigit(rune(ar[ai])); ai++ {
		an = an*10 + int64(ar[ai]-'0')
	}
	for ; bi < len(br) && unicode.IsDigit(rune(br[bi])); bi++ {
		bn = bn*10 + int64(br[bi]-'0')
	}
	if an != bn {
		return an < bn
	}
	if ai != bi {
		return ai < bi
	}
	return ar[i] < br[i]
}

// documentNode is the node of a whole CRD.
func documentNode(doc document) (*node, error) {
	var meta, annotations mapping
	for k, v := range doc.Metadata.Annotations {
		annotations.set(k, str(v))
	}
	meta.set("annotations", annotations.node())
	meta.set("name", str(doc.Metadata.Name))
	spec, err := specNode(doc.Spec)
	if err != nil {
		return nil, err
	}
	var root mapping
	root.set("apiVersion", str(doc.APIVersion))
	root.set("kind", str(doc.Kind))
	root.set("metadata", meta.node())
	root.set("spec", spec)
	return root.node(), nil
}

func specNode(s apiext.CustomResourceDefinitionSpec) (*node, error) {
	if s.Conversion != nil || s.PreserveUnknownFields || len(s.Names.ShortNames) > 0 || len(s.Names.Categories) > 0 {
		return nil, errUnsupported
	}
	var names, m mapping
	names.set("kind", str(s.Names.Kind))
	names.set("listKind", str(s.Names.ListKind))
	names.set("plural", str(s.Names.Plural))
	names.set("singular", str(s.Names.Singular))
	m.set("group", str(s.Group))
	m.set("names", names.node())
	m.set("scope", str(string(s.Scope)))
	versions := &node{kind: sequenceNode}
	for _, v := range s.Versions {
		n, err := versionNode(v)
		if err != nil {
			return nil, err
		}
		versions.items = append(versions.items, n)
	}
	m.set("versions", versions)
	return m.node(), nil
}

func versionNode(v apiext.CustomResourceDefinitionVersion) (*node, error) {
	if v.Deprecated || v.DeprecationWarning != nil || len(v.SelectableFields) > 0 || v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
		return nil, errUnsupported
	}
	var m mapping
	if len(v.AdditionalPrinterColumns) > 0 {
		columns := &node{kind: sequenceNode}
		for _, c := range v.AdditionalPrinterColumns {
			columns.items = append(columns.items, columnNode(c))
		}
		m.set("additionalPrinterColumns", columns)
	}
	m.set("name", str(v.Name))
	var schema mapping
	schema.set("openAPIV3Schema", &node{kind: schemaKind, schema: v.Schema.OpenAPIV3Schema})
	m.set("schema", schema.node())
	m.set("served", boolean(v.Served))
	m.set("storage", boolean(v.Storage))
	if r := v.Subresources; r != nil {
		if r.Scale != nil {
			return nil, errUnsupported
		}
		var sub mapping
		if r.Status != nil {
			sub.set("status", &node{kind: mappingNode})
		}
		m.set("subresources", sub.node())
	}
	return m.node(), nil
}

func columnNode(c apiext.CustomResourceColumnDefinition) *node {
	var m mapping
	m.set("jsonPath", str(c.JSONPath))
	m.set("name", str(c.Name))
	m.set("type", str(c.Type))
	if c.Description != "" {
		m.set("description", str(c.Description))
	}
	if c.Format != "" {
		m.set("format", str(c.Format))
	}
	if c.Priority != 0 {
		m.set("priority", integer(int64(c.Priority)))
	}
	return m.node()
}

// unsupportedSchema reports a schema field the direct writer does not write.
func unsupportedSchema(s *apiext.JSONSchemaProps) bool {
	return s.ID != "" || s.Schema != "" || s.Ref != nil || s.Title != "" || s.Default != nil ||
		s.MultipleOf != nil || s.UniqueItems || s.MaxProperties != nil || s.MinProperties != nil ||
		len(s.AllOf) > 0 || len(s.OneOf) > 0 || len(s.AnyOf) > 0 || s.Not != nil ||
		s.PatternProperties != nil || s.Dependencies != nil || s.AdditionalItems != nil || s.Definitions != nil ||
		s.ExternalDocs != nil || s.Example != nil || s.Nullable || s.XEmbeddedResource || s.XIntOrString ||
		s.XListMapKeys != nil || s.XListType != nil || s.XMapType != nil ||
		(s.Items != nil && (s.Items.Schema == nil || len(s.Items.JSONSchemas) > 0)) ||
		(s.AdditionalProperties != nil && s.AdditionalProperties.Schema == nil)
}

// enumValue is an enum value's text: a string (quoted reports it, to be written as a scalar),
// an integer or a number. A JSON string without escapes is its text.
func enumValue(raw []byte) (text string, quoted bool, err error) {
	if len(raw) >= 2 && raw[0] == '"' && raw[len(raw)-1] == '"' && !bytes.ContainsAny(raw[1:len(raw)-1], `\"`) {
		return string(raw[1 : len(raw)-1]), true, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return "", false, err
	}
	switch x := x.(type) {
	case string:
		return x, true, nil
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return "", false, err
		}
		_, errInt := x.Int64()
		_, errUint := strconv.ParseUint(x.String(), 10, 64)
		if errInt == nil || errUint == nil {
			return x.String(), false, nil
		}
		return strconv.FormatFloat(f, 'g', -1, 64), false, nil
	}
	return "", false, errUnsupported
}

func ruleNode(r apiext.ValidationRule) (*node, error) {
	if r.Reason != nil || r.OptionalOldSelf != nil {
		return nil, errUnsupported
	}
	var m mapping
	m.set("rule", str(r.Rule))
	for _, f := range []struct{ key, value string }{{"message", r.Message}, {"messageExpression", r.MessageExpression}, {"fieldPath", r.FieldPath}} {
		if f.value != "" {
			m.set(f.key, str(f.value))
		}
	}
	return m.node(), nil
}
