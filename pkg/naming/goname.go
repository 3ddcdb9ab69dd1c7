package naming

import (
	"go/token"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gobuffalo/flect"
)

// initialisms are the words Go spells in upper case (from the Go code review list).
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "DNS": true, "EOF": true,
	"GUID": true, "HTML": true, "HTTP": true, "HTTPS": true, "ID": true, "IP": true, "JSON": true,
	"LHS": true, "QPS": true, "RAM": true, "RHS": true, "RPC": true, "SLA": true, "SMTP": true,
	"SQL": true, "SSH": true, "TCP": true, "TLS": true, "TTL": true, "UDP": true, "UI": true,
	"UID": true, "UUID": true, "URI": true, "URL": true, "UTF8": true, "VM": true, "XML": true,
	"XMPP": true, "XSRF": true, "XSS": true,
}

// GoName turns an ARM JSON name into an exported Go identifier:
// "id" → "ID", "ipConfigurations" → "IPConfigurations", "odata.type" → "OdataType",
// "2fa-enabled" → "X2FaEnabled". The result is always a valid, exported identifier.
func GoName(name string) string {
	words := splitWords(name)
	var b strings.Builder
	for _, w := range words {
		b.WriteString(capitalise(w))
	}
	s := b.String()
	if first, _ := utf8.DecodeRuneInString(s); !unicode.IsUpper(first) {
		s = "X" + s // empty, a digit, or a letter without upper case: not exported otherwise
	}
	return s
}

// IsJSONTagName reports whether name can be the name of a `json:"..."` struct tag: encoding/json
// ignores any other name (and then uses the Go field name), and a backtick or quote would end
// the tag.
func IsJSONTagName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", r) {
			return false
		}
	}
	return true
}

// LowerFirst lower-cases the first letter of a Go name.
func LowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// LocalName turns a name into an unexported Go identifier that is not a keyword.
func LocalName(name string) string {
	g := GoName(name)
	words := splitWords(g)
	if len(words) > 0 && initialisms[strings.ToUpper(words[0])] && strings.ToUpper(words[0]) == words[0] {
		g = strings.ToLower(words[0]) + g[len(words[0]):]
	} else {
		g = LowerFirst(g)
	}
	if token.IsKeyword(g) {
		g += "_"
	}
	return g
}

// splitWords splits on non-alphanumerics and on lower→upper case boundaries.
func splitWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = cur[:0]
		}
	}
	runes := []rune(name)
	for i, r := range runes {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && i > 0 && startsWord(runes, i):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return words
}

// startsWord reports whether the upper-case rune at i begins a new word ("ipAddress", "IPAddress").
func startsWord(runes []rune, i int) bool {
	prev := runes[i-1]
	if unicode.IsLower(prev) || unicode.IsDigit(prev) {
		return true
	}
	if !unicode.IsUpper(prev) || i+1 >= len(runes) || !unicode.IsLower(runes[i+1]) {
		return false
	}
	return !isPluralSuffix(runes, i+1) // "URLs" stays one word
}

// isPluralSuffix reports whether runes[i] is a lone plural "s" ending a word.
func isPluralSuffix(runes []rune, i int) bool {
	return runes[i] == 's' && (i+1 == len(runes) || !unicode.IsLower(runes[i+1]))
}

func capitalise(w string) string {
	if up := strings.ToUpper(w); initialisms[up] {
		return up
	}
	r, n := utf8.DecodeRuneInString(w)
	return string(unicode.ToUpper(r)) + w[n:]
}

// KindFromResourceType singularises the last segment of an ARM resource type:
// "privateEndpoints" → "PrivateEndpoint", "redis" → "Redis", "databases" → "Database".
func KindFromResourceType(segment string) string {
	s := segment
	switch {
	case strings.HasSuffix(s, "sses"), strings.HasSuffix(s, "xes"):
		s = s[:len(s)-2]
	case strings.HasSuffix(s, "ies"):
		s = s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "ss") && !strings.HasSuffix(s, "us") && !strings.HasSuffix(s, "is"):
		s = s[:len(s)-1]
	}
	return GoName(s)
}

// Plural is the Kubernetes resource name of a kind (privateendpoints for PrivateEndpoint): the
// same rule as controller-gen's CRD generator (flect's pluralization of the lower-case kind), so
// that webhook and RBAC markers name the resources the CRDs define.
func Plural(kind string) string {
	return flect.Pluralize(strings.ToLower(kind))
}
