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
	var lines []string
	for _, d := range decs {
		if !strings.HasPrefix(d, "//") {
			lines = lines[:0]
			continue
		}
		lines = append(lines, d)
	}
	var c comment
	var text []string
	for _, l := range lines {
		if m, ok := strings.CutPrefix(strings.TrimSpace(l[2:]), "+"); ok {
			c.markers = append(c.markers, m)
			continue
		}
		text = append(text, l)
	}
	c.description = description(commentText(text))
	return c
}

// commentText is go/ast's CommentGroup.Text of line comments: the comment markers and the first
// space of each line go, trailing spaces are trimmed, leading and trailing empty lines dropped and
// runs of empty lines reduced to one.
func commentText(lines []string) []string {
	var out []string
	for _, l := range lines {
		l = strings.TrimRight(strings.TrimPrefix(l[2:], " "), " \t")
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
