package crd

import (
	"bytes"
	"slices"

	"errors"
	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"strconv"
	"strings"
	"unicode/utf8"
)

// errUnsupported marks a document the direct writer leaves to go-yaml (a shape no CRD of asogen
// has had: a key past 128 bytes, a literal that keeps trailing breaks...).
var errUnsupported = errors.New("not written directly")

// node is a YAML value: a mapping (keys sorted as go-yaml sorts them), a sequence, a string or
// a plain scalar written as it is (numbers, booleans).
type node struct {
	keys   []string
	values []*node
	items  []*node
	text   string
	schema *apiext.JSONSchemaProps // a schemaKind node's
	kind   nodeKind
}

type nodeKind uint8

const (
	mappingNode nodeKind = iota
	sequenceNode
	stringNode
	plainNode
	schemaKind // a schema, written by yamlWriter.schema
)

// yamlWriter writes nodes in go-yaml v2's block layout: two spaces per level, sequences in a
// mapping at the key's indentation, empty collections in flow style, scalars in the style
// go-yaml picks, folded past column 80 as go-yaml folds them.
type yamlWriter struct {
	buf    *bytes.Buffer
	column int   // characters since the start of the line
	memo   *memo // nil: nothing is remembered
}

func (w *yamlWriter) write(s string) {
	w.buf.WriteString(s)
	w.column += utf8.RuneCountInString(s)
}

func (w *yamlWriter) newline() {
	w.buf.WriteByte('\n')
	w.column = 0
}

// indent starts a new line indented to column.
func (w *yamlWriter) indent(column int) {
	if w.column > 0 {
		w.newline()
	}
	if n := column - w.column; n > 0 {
		w.writeSpaces(n)
	}
}

// spaces is indentation to copy from.
var spaces = strings.Repeat(" ", 256)

func (w *yamlWriter) writeSpaces(n int) {
	w.column += n
	for n > len(spaces) {
		w.buf.WriteString(spaces)
		n -= len(spaces)
	}
	w.buf.WriteString(spaces[:n])
}

// mapping writes a mapping's entries, keys at column; the first on the current line when
// inline (after a sequence's dash).
func (w *yamlWriter) mapping(n *node, column int, inline bool) error {
	for i, k := range n.keys {
		if i > 0 || !inline {
			w.indent(column)
		}
		if err := w.scalar(k, true, column); err != nil {
			return err
		}
		w.write(":")
		if err := w.value(n.values[i], column); err != nil {
			return err
		}
	}
	return nil
}

// value writes the value of a mapping entry whose key is at column.
func (w *yamlWriter) value(v *node, column int) error {
	switch {
	case v.kind == mappingNode && len(v.keys) == 0:
		w.write(" {}")
	case v.kind == sequenceNode && len(v.items) == 0:
		w.write(" []")
	case v.kind == mappingNode:
		return w.mapping(v, column+2, false)
	case v.kind == sequenceNode:
		return w.sequence(v, column)
	case v.kind == plainNode:
		w.write(" " + v.text)
	case v.kind == schemaKind:
		return w.schema(v.schema, column)
	default:
		return w.scalar(v.text, false, column+2)
	}
	return nil
}

// sequence writes items as "- item", the dashes at column.
func (w *yamlWriter) sequence(n *node, column int) error {
	for _, item := range n.items {
		w.indent(column)
		w.write("-")
		switch {
		case item.kind == mappingNode && len(item.keys) > 0:
			w.write(" ")
			if err := w.mapping(item, column+2, true); err != nil {
				return err
			}
		case item.kind == stringNode:
			if err := w.scalar(item.text, false, column+2); err != nil {
				return err
			}
		case item.kind == plainNode:
			w.write(" " + item.text)
		default:
			return errUnsupported
		}
	}
	return nil
}

// scalar writes a string, preceded by a space unless it is a key, in go-yaml's style; folded
// lines are indented to column.
func (w *yamlWriter) scalar(s string, key bool, column int) error {
	if isWord(s) { // plain in every position, never folded
		if !key {
			w.buf.WriteByte(' ')
			w.column++
		}
		w.buf.WriteString(s)
		w.column += len(s)
		return nil
	}
	if w.memo == nil {
		return w.newScalar(s, key, column)
	}
	k := scalarKey{text: s, start: w.column, indent: column, key: key}
	if b, ok := w.memo.scalars[k]; ok {
		w.buf.Write(b.text)
		w.column = b.column
		return nil
	}
	start := w.buf.Len()
	if err := w.newScalar(s, key, column); err != nil {
		return err
	}
	w.memo.scalars[k] = block{text: slices.Clone(w.buf.Bytes()[start:]), column: w.column}
	return nil
}

// newScalar writes a scalar as scalar does, without the memo.
func (w *yamlWriter) newScalar(s string, key bool, column int) error {
	st, multiline := style(s, key)
	if key && (len(s) > 128 || multiline) {
		return errUnsupported // go-yaml writes a complex key
	}
	if !key {
		w.write(" ")
	}
	switch st {
	case plainStyle:
		return w.folded(s, !key, column, "", false)
	case singleQuotedStyle:
		return w.folded(s, !key, column, "'", true)
	case literalStyle:
		return w.literal(s, column)
	}
	return w.doubleQuoted(s, !key, column)
}

// folded writes a plain or single-quoted scalar (quote "" or "'"), breaking the line at a single
// space once past lineWidth when breaks are allowed (values, not keys).
func (w *yamlWriter) folded(s string, breaks bool, column int, quote string, quoted bool) error {
	if strings.ContainsFunc(s, isBreak) {
		return errUnsupported
	}
	if !utf8.ValidString(s) {
		s = string([]rune(s)) // each invalid byte a replacement character, as ranging over s gives
	}
	w.write(quote)
	spaces := false
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' {
			end := strings.IndexByte(s[i:], ' ')
			if end < 0 {
				end = len(s) - i
			}
			w.word(s[i:i+end], quoted)
			spaces = false
			i += end - 1
			continue
		}
		last, nextSpace := i == len(s)-1, i+1 < len(s) && s[i+1] == ' '
		if breaks && !spaces && w.column > lineWidth && !nextSpace && (!quoted || (i > 0 && !last)) {
			w.indent(column)
		} else {
			w.buf.WriteByte(' ')
			w.column++
		}
		spaces = true
	}
	w.write(quote)
	return nil
}

// word writes text without spaces, its single quotes doubled in a single-quoted scalar.
func (w *yamlWriter) word(s string, quoted bool) {
	if quoted && strings.Contains(s, "'") {
		s = strings.ReplaceAll(s, "'", "''")
	}
	w.write(s)
}

func (w *yamlWriter) writeRune(r rune) {
	w.buf.WriteRune(r)
	w.column++
}

// literal writes a block scalar "|" with go-yaml's hints, its lines indented to column.
func (w *yamlWriter) literal(s string, column int) error {
	if strings.ContainsFunc(s, func(r rune) bool { return r != '\n' && isBreak(r) }) || strings.HasSuffix(s, "\n\n") || s == "\n" {
		return errUnsupported
	}
	w.write("|")
	if s[0] == ' ' || s[0] == '\n' {
		w.write("2")
	}
	if !strings.HasSuffix(s, "\n") {
		w.write("-")
	}
	for rest, more := strings.TrimSuffix(s, "\n"), true; more; {
		var line string
		line, rest, more = strings.Cut(rest, "\n")
		w.newline()
		if line != "" {
			w.indent(column)
			w.write(line)
		}
	}
	if strings.HasSuffix(s, "\n") {
		w.newline()
	}
	return nil
}

// doubleQuoted writes a double-quoted scalar with go-yaml's escapes and folding.
func (w *yamlWriter) doubleQuoted(s string, breaks bool, column int) error {
	w.write(`"`)
	spaces := false
	for i, r := range s {
		switch {
		case !printable(r) || isBreak(r) || r == '"' || r == '\\' || r == 0xFEFF:
			w.write(escape(r))
			spaces = false
		case r == ' ':
			if breaks && !spaces && w.column > lineWidth && i > 0 && i < len(s)-1 {
				w.indent(column)
				if s[i+1] == ' ' {
					w.write(`\`)
				}
			} else {
				w.writeRune(r)
			}
			spaces = true
		default:
			w.writeRune(r)
			spaces = false
		}
	}
	w.write(`"`)
	return nil
}

// escape is go-yaml's escape of a character in a double-quoted scalar.
func escape(r rune) string {
	short := map[rune]string{0: `\0`, 7: `\a`, 8: `\b`, 9: `\t`, 0xA: `\n`, 0xB: `\v`, 0xC: `\f`, 0xD: `\r`,
		0x1B: `\e`, '"': `\"`, '\\': `\\`, 0x85: `\N`, 0xA0: `\_`, 0x2028: `\L`, 0x2029: `\P`}
	if e, ok := short[r]; ok {
		return e
	}
	hex := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	switch {
	case r <= 0xFF:
		return `\x` + strings.Repeat("0", 2-len(hex)) + hex
	case r <= 0xFFFF:
		return `\u` + strings.Repeat("0", 4-len(hex)) + hex
	}
	return `\U` + strings.Repeat("0", 8-len(hex)) + hex
}
