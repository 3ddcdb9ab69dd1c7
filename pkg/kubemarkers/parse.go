package kubemarkers

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/asogen/asogen/pkg/diag"
)

const rbacPrefix = "+kubebuilder:rbac:"

// IsRBAC reports whether a marker comment's text is a `+kubebuilder:rbac` marker.
func IsRBAC(text string) bool {
	return text == strings.TrimSuffix(rbacPrefix, ":") || strings.HasPrefix(text, rbacPrefix)
}

// ParseRule parses a `+kubebuilder:rbac` marker as controller-gen reads it: comma-separated
// arguments groups, resources, resourceNames, verbs (required), urls (lists: a;b;c or {a,b,c},
// items bare or Go-quoted) and namespace (one value). A problem is an error at the offending
// column of the comment.
func ParseRule(c Comment) (Rule, error) {
	p := &argParser{text: c.Text, at: min(len(rbacPrefix), len(c.Text))}
	var r Rule
	lists := map[string]*[]string{"groups": &r.Groups, "resources": &r.Resources,
		"resourceNames": &r.ResourceNames, "verbs": &r.Verbs, "urls": &r.URLs}
	seen := map[string]bool{}
	for p.err == "" && !p.done() {
		p.skipSpace()
		start := p.at
		name := p.argName()
		switch {
		case p.err != "":
		case seen[name]:
			p.fail(start, "argument %q is given twice", name)
		case name == "namespace":
			r.Namespace = p.single(name)
		case lists[name] != nil:
			*lists[name] = p.list()
		default:
			p.fail(start, "unknown argument %q (valid: groups, resources, resourceNames, verbs, urls, namespace)", name)
		}
		seen[name] = true
		p.comma()
	}
	if p.err == "" && !seen["verbs"] {
		p.fail(0, "rbac marker is missing argument \"verbs\"")
	}
	if p.err != "" {
		return Rule{}, diag.Errorf(diag.Pos{File: c.Pos.File, Line: c.Pos.Line, Col: c.Pos.Col + p.errAt}, "%s", p.err)
	}
	return r, nil
}

// argParser reads a marker's arguments; the first problem stops it (err, at byte errAt).
type argParser struct {
	text  string
	at    int
	err   string
	errAt int
}

func (p *argParser) fail(at int, format string, args ...any) {
	if p.err == "" {
		p.err, p.errAt = fmt.Sprintf(format, args...), at
	}
}

func (p *argParser) skipSpace() {
	for p.at < len(p.text) && (p.text[p.at] == ' ' || p.text[p.at] == '\t') {
		p.at++
	}
}

func (p *argParser) done() bool {
	p.skipSpace()
	return p.at >= len(p.text)
}

// argName reads "name=" and returns the name.
func (p *argParser) argName() string {
	p.skipSpace()
	start := p.at
	for p.at < len(p.text) && isIdent(p.text[p.at], p.at > start) {
		p.at++
	}
	name := p.text[start:p.at]
	p.skipSpace()
	if name == "" || p.at >= len(p.text) || p.text[p.at] != '=' {
		p.fail(start, "expected an argument as name=value at %q", p.text[start:])
		return ""
	}
	p.at++
	return name
}

func isIdent(b byte, digitsToo bool) bool {
	return b == '_' || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (digitsToo && b >= '0' && b <= '9')
}

// comma reads the ',' between arguments (nothing at the end).
func (p *argParser) comma() {
	if p.err != "" || p.done() {
		return
	}
	if p.text[p.at] != ',' {
		p.fail(p.at, "expected a comma before %q", p.text[p.at:])
		return
	}
	p.at++
	if p.done() {
		p.fail(p.at, "expected an argument after the last comma")
	}
}

// list reads a;b;c or {a,b,c}.
func (p *argParser) list() []string {
	p.skipSpace()
	if p.at < len(p.text) && p.text[p.at] == '{' {
		return p.braced()
	}
	out := []string{p.item()}
	for p.err == "" && p.at < len(p.text) && p.text[p.at] == ';' {
		p.at++
		out = append(out, p.item())
	}
	return out
}

func (p *argParser) braced() []string {
	start := p.at
	p.at++
	var out []string
	for p.err == "" {
		if p.done() {
			p.fail(start, "list has no closing brace")
			break
		}
		if p.text[p.at] == '}' {
			p.at++
			break
		}
		if len(out) > 0 && !p.expect(',') {
			break
		}
		out = append(out, p.item())
	}
	return out
}

func (p *argParser) expect(b byte) bool {
	p.skipSpace()
	if p.at >= len(p.text) || p.text[p.at] != b {
		p.fail(p.at, "expected %q at %q", string(b), p.text[min(p.at, len(p.text)):])
		return false
	}
	p.at++
	return true
}

// single reads one value of a string argument.
func (p *argParser) single(name string) string {
	v := p.item()
	if p.err == "" && p.at < len(p.text) && p.text[p.at] == ';' {
		p.fail(p.at, "argument %q takes one value, not a list", name)
	}
	return v
}

// item reads a Go-quoted string or a bare value up to one of ,;:} (spaces around trimmed).
func (p *argParser) item() string {
	p.skipSpace()
	start := p.at
	if p.at < len(p.text) && (p.text[p.at] == '"' || p.text[p.at] == '`') {
		q, err := strconv.QuotedPrefix(p.text[p.at:])
		if err != nil {
			p.fail(start, "unterminated or invalid quoted value %s", p.text[start:])
			return ""
		}
		p.at += len(q)
		v, _ := strconv.Unquote(q)
		p.skipSpace()
		return v
	}
	for p.at < len(p.text) && !strings.ContainsRune(",;:}", rune(p.text[p.at])) {
		p.at++
	}
	v := strings.TrimSpace(p.text[start:p.at])
	if v == "" {
		p.fail(start, "expected a value")
	}
	return v
}

func quote(v string) string { return strconv.Quote(v) }
