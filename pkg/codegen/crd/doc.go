package crd

import (
	"strings"

	"github.com/dave/dst"
)

// comment is a doc comment as controller-gen reads it: its description and its markers.
type comment struct {
	description string
	markers     []string // each without its leading "+"
}

// readComment splits the decorations of a node into description and markers. Only the comment
// group right before the node is its doc comment: a blank line or anything that is not a line
// comment starts it again.
func readComment(decs dst.Decorations) comment {
	first := 0
	for i, d := range decs {
		if !strings.HasPrefix(d, "//") {
			first = i + 1
		}
	}
	var c comment
	var text []string
	for _, l := range decs[first:] {
		if m, ok := strings.CutPrefix(strings.TrimSpace(l[2:]), "+"); ok {
			c.markers = append(c.markers, m)
			continue
		}
		text = append(text, l)
	}
	if len(text) == 1 { // the common case: one line, which commentText and description keep
		if l := commentLine(text[0]); l != "" && !strings.HasPrefix(l, "TODO") && !strings.HasPrefix(l, "---") {
			c.description = l
			return c
		}
	}
	c.description = description(commentText(text))
	return c
}

// commentLine is the text of a line comment: without the comment marker, its first space and
// its trailing spaces.
func commentLine(l string) string {
	return strings.TrimRight(strings.TrimPrefix(l[2:], " "), " \t")
}

// commentText is go/ast's CommentGroup.Text of line comments: the comment markers and the first
// space of each line go, trailing spaces are trimmed, leading and trailing empty lines dropped and
// runs of empty lines reduced to one.
func commentText(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		l = commentLine(l)
		if l == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, l)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// description joins comment lines as controller-gen does: outside fenced code blocks a line
// starting with TODO is left out and a line starting with --- ends the description.
func description(lines []string) string {
	var out []string
	inCode := false
	for _, l := range lines {
		if strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~") {
			inCode = !inCode
		}
		if !inCode {
			if strings.HasPrefix(l, "TODO") {
				continue
			}
			if strings.HasPrefix(l, "---") {
				break
			}
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
