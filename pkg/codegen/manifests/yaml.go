package manifests

import (
	"regexp"
	"strconv"
	"strings"
)

// yamlWriter writes block YAML as controller-gen does (sigs.k8s.io/yaml): keys in the order
// given (callers give them sorted), two-space indents, list items at their key's indent.
type yamlWriter struct {
	b    strings.Builder
	dash bool // the next line starts a list item
}

// item starts a list item: the next line written gets "- " before its key.
func (w *yamlWriter) item() { w.dash = true }

// indent is the start of a line at depth n.
func (w *yamlWriter) indent(n int) string {
	if w.dash {
		w.dash = false
		return strings.Repeat("  ", n-1) + "- "
	}
	return strings.Repeat("  ", n)
}

// key writes "key:" at indent, for a nested mapping or list.
func (w *yamlWriter) key(indent int, k string) {
	w.b.WriteString(w.indent(indent) + k + ":\n")
}

// scalar writes "key: value".
func (w *yamlWriter) scalar(indent int, k, v string) {
	w.b.WriteString(w.indent(indent) + k + ": " + yamlString(v) + "\n")
}

// list writes "key:" and its items; nothing when there are none (omitempty).
func (w *yamlWriter) list(indent int, k string, items []string) {
	if len(items) == 0 {
		return
	}
	w.key(indent, k)
	for _, it := range items {
		w.b.WriteString(strings.Repeat("  ", indent) + "- " + yamlString(it) + "\n")
	}
}

// plain is a string YAML reads back as the same string without quotes.
var plain = regexp.MustCompile(`^[A-Za-z0-9/][A-Za-z0-9._/-]*$`)

// yamlString writes s plain when YAML reads it back as the same string, else single-quoted
// (the empty string as "", as sigs.k8s.io/yaml does).
func yamlString(s string) string {
	if s == "" {
		return `""`
	}
	if plain.MatchString(s) && !yamlKeyword(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// yamlKeyword reports whether YAML 1.1 reads s as something other than a string.
func yamlKeyword(s string) bool {
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "y", "n", "on", "off", "null", "~":
		return true
	}
	_, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	return err == nil || strings.HasPrefix(s, "0")
}
