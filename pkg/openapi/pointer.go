package openapi

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/asogen/asogen/pkg/diag"
)

// escape encodes a JSON pointer token (RFC 6901).
func escape(token string) string {
	return strings.ReplaceAll(strings.ReplaceAll(token, "~", "~0"), "/", "~1")
}

func unescape(token string) string {
	return strings.ReplaceAll(strings.ReplaceAll(token, "~1", "/"), "~0", "~")
}

// splitPointer splits "/definitions/A~1B" into ["definitions", "A/B"].
func splitPointer(ptr string) []string {
	if ptr == "" || ptr == "/" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, p := range parts {
		parts[i] = unescape(p)
	}
	return parts
}

// position finds where the value at ptr starts in the document; it falls back to the
// closest enclosing value that exists. Documents keep no bytes, so the file is read again (only
// messages need this); when it cannot be, the position is the file alone.
func (l *loader) position(d *document, ptr string) diag.Pos {
	raw, err := l.fs.ReadFile(d.path, l.limit)
	if err != nil {
		return diag.Pos{File: d.name}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	off := locate(dec, splitPointer(ptr), 0)
	for off < int64(len(raw)) && strings.ContainsRune(" \t\r\n:,", rune(raw[off])) {
		off++
	}
	return posAt(d.name, raw, off)
}

// locate returns the offset just before the value at path (the decoder is positioned before it).
func locate(dec *json.Decoder, path []string, start int64) int64 {
	if len(path) == 0 {
		return start
	}
	tok, err := dec.Token()
	if err != nil {
		return start
	}
	delim, ok := tok.(json.Delim)
	if !ok || (delim != '{' && delim != '[') {
		return start
	}
	for i := 0; dec.More(); i++ {
		match := strconv.Itoa(i) == path[0]
		if delim == '{' {
			key, err := dec.Token()
			if err != nil {
				return start
			}
			match = key == path[0]
		}
		if match {
			return locate(dec, path[1:], dec.InputOffset())
		}
		if skipValue(dec) != nil {
			return start
		}
	}
	return start
}

// skipValue reads one complete value.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
}
