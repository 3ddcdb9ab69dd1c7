package crd

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The scalar styles go-yaml v2 (which controller-gen marshals with) chooses from.
type scalarStyle int

const (
	plainStyle scalarStyle = iota
	singleQuotedStyle
	doubleQuotedStyle
	literalStyle
)

// lineWidth is go-yaml's preferred line width: a scalar is folded at a space past it.
const lineWidth = 80

// scalarTraits is what go-yaml's emitter learns of a string before it picks a style.
type scalarTraits struct {
	multiline     bool
	plainAllowed  bool // in block context
	singleAllowed bool
	blockAllowed  bool
}

// analyze reads a string as go-yaml's emitter does (the unicode emitter, in block context).
func analyze(s string) scalarTraits {
	if s == "" {
		return scalarTraits{plainAllowed: true, singleAllowed: true}
	}
	var indicators, breaks, special, leadingSpace, leadingBreak, trailingSpace, trailingBreak, breakSpace, spaceBreak bool
	if strings.HasPrefix(s, "---") || strings.HasPrefix(s, "...") {
		indicators = true
	}
	precededByWhitespace, previousSpace, previousBreak := true, false, false
	for i, r := range s {
		w := utf8.RuneLen(r)
		followedByWhitespace := i+w >= len(s) || s[i+w] == ' ' || s[i+w] == '\t'
		indicators = indicators || isIndicator(r, i == 0, precededByWhitespace, followedByWhitespace)
		special = special || !printable(r)
		last := i+w == len(s)
		switch {
		case r == ' ':
			leadingSpace, trailingSpace = leadingSpace || i == 0, trailingSpace || last
			breakSpace = breakSpace || previousBreak
			previousSpace, previousBreak = true, false
		case isBreak(r):
			breaks = true
			leadingBreak, trailingBreak = leadingBreak || i == 0, trailingBreak || last
			spaceBreak = spaceBreak || previousSpace
			previousSpace, previousBreak = false, true
		default:
			previousSpace, previousBreak = false, false
		}
		precededByWhitespace = r == ' ' || r == '\t' || isBreak(r) || r == 0
	}
	t := scalarTraits{multiline: breaks, plainAllowed: true, singleAllowed: true, blockAllowed: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak || breaks || indicators {
		t.plainAllowed = false
	}
	if trailingSpace {
		t.blockAllowed = false
	}
	if breakSpace {
		t.plainAllowed, t.singleAllowed = false, false
	}
	if spaceBreak || special {
		t.plainAllowed, t.singleAllowed, t.blockAllowed = false, false, false
	}
	return t
}

// isIndicator reports a character that keeps a scalar from being plain in block context.
func isIndicator(r rune, first, precededByWhitespace, followedByWhitespace bool) bool {
	if first {
		switch r {
		case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
			return true
		case '?', ':', '-':
			return followedByWhitespace
		}
		return false
	}
	switch r {
	case ':':
		return followedByWhitespace
	case '#':
		return precededByWhitespace
	}
	return false
}

// printable is YAML's printable set, as go-yaml tests it.
func printable(r rune) bool {
	return r == '\n' || (r >= 0x20 && r <= 0x7E) || (r >= 0xA0 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD && r != 0xFEFF)
}

func isBreak(r rune) bool {
	return r == '\r' || r == '\n' || r == 0x85 || r == 0x2028 || r == 0x2029
}

// style is the style go-yaml gives a string: a mapping key (key) or a value.
func style(s string, key bool) (scalarStyle, bool) {
	t := analyze(s)
	st := plainStyle
	switch {
	case strings.Contains(s, "\n"):
		st = literalStyle
	case !resolvesToString(s):
		st = doubleQuotedStyle
	}
	if key && t.multiline {
		st = doubleQuotedStyle
	}
	if st == plainStyle && (!t.plainAllowed || (s == "" && key)) {
		st = singleQuotedStyle
	}
	if st == singleQuotedStyle && !t.singleAllowed {
		st = doubleQuotedStyle
	}
	if st == literalStyle && (!t.blockAllowed || key) {
		st = doubleQuotedStyle
	}
	return st, t.multiline
}

// keywords are the plain scalars go-yaml v2 reads as something other than a string.
var keywords = map[string]bool{
	"y": true, "Y": true, "yes": true, "Yes": true, "YES": true, "true": true, "True": true, "TRUE": true,
	"on": true, "On": true, "ON": true, "n": true, "N": true, "no": true, "No": true, "NO": true,
	"false": true, "False": true, "FALSE": true, "off": true, "Off": true, "OFF": true,
	"": true, "~": true, "null": true, "Null": true, "NULL": true,
	".nan": true, ".NaN": true, ".NAN": true, ".inf": true, ".Inf": true, ".INF": true,
	"+.inf": true, "+.Inf": true, "+.INF": true, "-.inf": true, "-.Inf": true, "-.INF": true,
}

var (
	yamlFloat   = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
	base60Float = regexp.MustCompile(`^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`)
)

// resolvesToString reports whether go-yaml v2 reads s, written plain, back as the string s
// (go-yaml's resolve, and its base-60 float rule).
func resolvesToString(s string) bool {
	if keywords[s] {
		return false
	}
	switch c := s[0]; {
	case c == '.':
		_, err := strconv.ParseFloat(s, 64)
		return err != nil
	case c == '+' || c == '-' || (c >= '0' && c <= '9'):
		return !isNumberLike(s) && !base60Float.MatchString(s)
	}
	return true
}

// isNumberLike reports the timestamps, integers and floats go-yaml reads in a plain scalar
// that starts with a sign or a digit.
func isNumberLike(s string) bool {
	if isTimestamp(s) {
		return true
	}
	plain := strings.ReplaceAll(s, "_", "")
	if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return true
	}
	if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return true
	}
	if yamlFloat.MatchString(plain) {
		if _, err := strconv.ParseFloat(plain, 64); err == nil {
			return true
		}
	}
	for _, prefix := range []string{"0b", "-0b"} {
		if digits, ok := strings.CutPrefix(plain, prefix); ok {
			if _, err := strconv.ParseUint(digits, 2, 64); err == nil {
				return true
			}
		}
	}
	return false
}

// timestampFormats are the layouts go-yaml v2 reads as timestamps.
var timestampFormats = []string{"2006-1-2T15:4:5.999999999Z07:00", "2006-1-2t15:4:5.999999999Z07:00", "2006-1-2 15:4:5.999999999", "2006-1-2"}

func isTimestamp(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i != 4 || i == len(s) || s[i] != '-' {
		return false
	}
	for _, f := range timestampFormats {
		if _, err := time.Parse(f, s); err == nil {
			return true
		}
	}
	return false
}

// isWord reports an ASCII letter followed by letters and digits, no keyword: go-yaml writes it
// plain, as a key or a value, and never folds it.
func isWord(s string) bool {
	if len(s) == 0 || len(s) > 128 || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isLetter(s[i]) && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return len(s) > 5 || !keywords[s] // no keyword is longer
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
