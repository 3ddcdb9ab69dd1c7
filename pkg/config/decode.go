package config

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/asogen/asogen/pkg/diag"
	"gopkg.in/yaml.v3"
)

// decoder walks the yaml.Node tree, collecting every problem it finds.
type decoder struct {
	file string
	errs diag.List
	raw  pending
}

func (d *decoder) pos(n *yaml.Node) diag.Pos {
	return diag.Pos{File: d.file, Line: n.Line, Col: n.Column}
}

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	d.errs.Add(d.pos(n), format, args...)
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlError turns a yaml.v3 parse error into a positioned error.
func yamlError(file string, err error) error {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		return diag.Errorf(diag.Pos{File: file}, "malformed YAML: %s", strings.Join(te.Errors, "; "))
	}
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return diag.Errorf(diag.Pos{File: file, Line: line, Col: 1}, "malformed YAML: %s", m[2])
	}
	return diag.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, "malformed YAML: %s", strings.TrimPrefix(msg, "yaml: "))
}

// fields checks that n is a mapping with only the given keys (each at most once) and calls the
// handler of every key present, in file order.
func (d *decoder) fields(n *yaml.Node, what string, handlers map[string]func(*yaml.Node)) {
	if !d.kind(n, yaml.MappingNode, what) {
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i], n.Content[i+1]
		h, ok := handlers[key.Value]
		switch {
		case key.Value == "<<" && key.ShortTag() == "!!merge":
			d.errorf(key, "merge keys (<<) are not supported in %s: write the keys out, or alias a whole value", what)
		case !ok:
			d.errorf(key, "unknown key %q in %s (valid keys: %s)", key.Value, what, validKeys(handlers))
		case seen[key.Value]:
			d.errorf(key, "key %q appears twice in %s", key.Value, what)
		default:
			seen[key.Value] = true
			h(val)
		}
	}
}

func validKeys(handlers map[string]func(*yaml.Node)) string {
	keys := make([]string, 0, len(handlers))
	for k := range handlers {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return strings.Join(keys, ", ")
}

var kindNames = map[yaml.Kind]string{
	yaml.MappingNode: "a mapping", yaml.SequenceNode: "a list", yaml.ScalarNode: "a scalar",
	yaml.AliasNode: "an alias", yaml.DocumentNode: "a document",
}

// kind reports whether n has the wanted kind, recording an error when not.
func (d *decoder) kind(n *yaml.Node, want yaml.Kind, what string) bool {
	if n.Kind == want {
		return true
	}
	d.errorf(n, "%s must be %s, found %s", what, kindNames[want], describe(n))
	return false
}

func describe(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode {
		return fmt.Sprintf("%s %q", strings.TrimPrefix(n.ShortTag(), "!!"), n.Value)
	}
	return kindNames[n.Kind]
}

// str decodes a string scalar (dates like 2022-07-01 count as strings).
func (d *decoder) str(n *yaml.Node, what string) (string, bool) {
	if !d.kind(n, yaml.ScalarNode, what) {
		return "", false
	}
	switch n.ShortTag() {
	case "!!str", "!!timestamp":
		return n.Value, true
	}
	d.errorf(n, "%s must be a string, found %s", what, describe(n))
	return "", false
}

// list calls each for every entry of a sequence.
func (d *decoder) list(n *yaml.Node, what string, each func(*yaml.Node)) {
	if !d.kind(n, yaml.SequenceNode, what) {
		return
	}
	for _, item := range n.Content {
		each(item)
	}
}

// setStr returns a handler that stores a string value.
func (d *decoder) setStr(dst *string, pos *diag.Pos, what string) func(*yaml.Node) {
	return func(n *yaml.Node) {
		if s, ok := d.str(n, what); ok {
			*dst = s
			if pos != nil {
				*pos = d.pos(n)
			}
		}
	}
}
