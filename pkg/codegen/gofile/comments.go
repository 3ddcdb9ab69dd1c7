package gofile

import (
	"go/doc/comment"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/dst"
)

// comment writes one //-comment as go/printer does: trailing white space removed.
func (p *directPrinter) comment(text string) {
	if !strings.HasPrefix(text, "//") || hasAny(text, '\n', '\r') {
		giveUp("comment that is not a single // line")
	}
	p.str(trimRightSpace(text))
}

// hasAny reports whether s holds any of the bytes (strings.ContainsAny builds a set per call,
// and comments are printed millions of times).
func hasAny(s string, bytes ...byte) bool {
	for _, b := range bytes {
		if strings.IndexByte(s, b) >= 0 {
			return true
		}
	}
	return false
}

// trimRightSpace is strings.TrimRightFunc(s, unicode.IsSpace), quick when s ends in a
// printable ASCII byte.
func trimRightSpace(s string) string {
	if n := len(s); n > 0 && s[n-1] > ' ' && s[n-1] < utf8.RuneSelf {
		return s
	}
	return strings.TrimRightFunc(s, unicode.IsSpace)
}

// comments writes comment lines at the current indentation, each followed by a new line.
func (p *directPrinter) comments(decs dst.Decorations) {
	for _, d := range decs {
		p.comment(d)
		p.line()
	}
}

// docComment writes the doc comment of a top-level declaration (or of the package clause):
// go/printer reformats those through go/doc/comment. Lines that cannot change are written as
// they are; anything else goes through the same reformatting.
func (p *directPrinter) docComment(decs dst.Decorations) {
	lines := []string(decs)
	if i := lastBlank(lines); i >= 0 {
		p.freeComments(lines[:i])
		lines = lines[i+1:]
	}
	if !plainDoc(lines) {
		lines = formatDoc(lines)
	}
	for _, l := range lines {
		p.comment(l)
		p.nl()
	}
}

// freeComments writes comment lines that a blank line separates from the doc comment below
// them (kubebuilder's package markers): go/printer leaves them as they are.
func (p *directPrinter) freeComments(lines []string) {
	for _, l := range lines {
		if l != "\n" {
			p.comment(l)
		}
		p.nl()
	}
	p.nl()
}

// lastBlank is the index of the last blank-line decoration, or -1.
func lastBlank(lines []string) int {
	for i := len(lines) - 1; i >= 0; i-- {
		if lines[i] == "\n" {
			return i
		}
	}
	return -1
}

// plainDoc reports whether go/doc/comment would print lines unchanged: one paragraph of
// "// " lines, each starting with a letter (or a + marker followed by one), nothing trailing.
func plainDoc(lines []string) bool {
	for _, l := range lines {
		text, ok := strings.CutPrefix(l, "// ")
		if !ok || !plainLine(text) {
			return false
		}
	}
	return true
}

// plainLine reports whether go/doc/comment would print the comment text (after "// ") of one
// line of a plain doc comment unchanged.
func plainLine(text string) bool {
	if text == "" || hasAny(text, '\t', '\n', '\r') || trimRightSpace(text) != text {
		return false
	}
	first := text[0]
	if first == '+' && len(text) > 1 {
		first = text[1]
	}
	return 'a' <= first && first <= 'z' || 'A' <= first && first <= 'Z'
}

// formatDoc reformats a //-style doc comment exactly as go/printer does (formatDocComment in
// go/printer/comment.go): directives move to the end, the text goes through go/doc/comment.
func formatDoc(lines []string) []string {
	var text strings.Builder
	var directives []string
	for _, l := range lines {
		after, ok := strings.CutPrefix(l, "//")
		if !ok {
			giveUp("doc comment that is not //-style")
		}
		if isDirective(after) {
			directives = append(directives, l)
			continue
		}
		text.WriteString(strings.TrimPrefix(after, " "))
		text.WriteString("\n")
	}
	if text.Len() == 0 {
		return lines
	}
	var parser comment.Parser
	var pr comment.Printer
	out := commentLines(string(pr.Comment(parser.Parse(text.String()))))
	if len(directives) > 0 {
		out = append(out, "//")
		out = append(out, directives...)
	}
	return out
}

// commentLines turns reformatted doc text back into // lines.
func commentLines(text string) []string {
	var out []string
	for text != "" {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		switch {
		case line == "":
			line = "//"
		case strings.HasPrefix(line, "\t"):
			line = "//" + line
		default:
			line = "// " + line
		}
		out = append(out, line)
	}
	return out
}

// isDirective reports whether a comment's text (after //) is a directive such as //go:build:
// "line ", "extern ", "export " or [a-z0-9]+:[a-z0-9].
func isDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") {
		return true
	}
	colon := strings.Index(c, ":")
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if i == colon {
			continue
		}
		if b := c[i]; !('a' <= b && b <= 'z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return true
}
