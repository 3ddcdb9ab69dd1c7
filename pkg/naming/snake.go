package naming

import "strings"

// Snake turns a Go name into snake case for file names: "PrivateEndpoint" → "private_endpoint",
// "IPConfig" → "ip_config", "Foo_Bar" → "foo_bar". An upper-case letter starts a word after a
// lower-case letter or digit, or before one (not after an underscore); runs of underscores
// become one.
func Snake(name string) string {
	var b strings.Builder
	r := []rune(name)
	for i, c := range r {
		lower := strings.ToLower(string(c))
		if i > 0 && lower != string(c) && (isLowerOrDigit(r[i-1]) || (i+1 < len(r) && isLowerOrDigit(r[i+1]) && r[i-1] != '_')) {
			b.WriteByte('_')
		}
		b.WriteString(lower)
	}
	return strings.ReplaceAll(b.String(), "__", "_")
}

func isLowerOrDigit(c rune) bool { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') }
