package crdinstall

import (
	"regexp"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Pattern is one pattern of --crd-pattern: group/Kind as a case-insensitive glob, where *
// matches any run of characters (/ included) and ? any one character, as ASO's.
type Pattern struct {
	Text string
	re   *regexp.Regexp
}

// Patterns is a parsed --crd-pattern; empty when the setting is.
type Patterns []Pattern

// ParsePatterns splits s at semicolons; blank parts are skipped.
func ParsePatterns(s string) Patterns {
	var out Patterns
	for _, part := range strings.Split(s, ";") {
		if text := strings.TrimSpace(part); text != "" {
			out = append(out, Pattern{Text: text, re: globRegexp(text)})
		}
	}
	return out
}

// globRegexp is the anchored, case-insensitive regular expression of a glob.
func globRegexp(glob string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("(?i)^")
	for _, r := range glob {
		switch r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// Matches reports whether the pattern selects the kind.
func (p Pattern) Matches(gk schema.GroupKind) bool { return p.re.MatchString(gk.Group + "/" + gk.Kind) }

// Matches reports whether any pattern selects the kind.
func (ps Patterns) Matches(gk schema.GroupKind) bool {
	for _, p := range ps {
		if p.Matches(gk) {
			return true
		}
	}
	return false
}

// Unmatched lists the patterns that select none of kinds.
func (ps Patterns) Unmatched(kinds []schema.GroupKind) []string {
	var out []string
	for _, p := range ps {
		if !matchesAny(p, kinds) {
			out = append(out, p.Text)
		}
	}
	return out
}

func matchesAny(p Pattern, kinds []schema.GroupKind) bool {
	for _, gk := range kinds {
		if p.Matches(gk) {
			return true
		}
	}
	return false
}

// String is the patterns joined with semicolons.
func (ps Patterns) String() string {
	texts := make([]string, len(ps))
	for i, p := range ps {
		texts[i] = p.Text
	}
	return strings.Join(texts, ";")
}
