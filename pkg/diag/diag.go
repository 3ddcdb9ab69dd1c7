// Package diag holds positioned, collected errors: every stage adds what it finds to a List and
// the CLI prints them all as "file:line:col: message", never only the first.
package diag

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Pos is a place in an input file. Line and Col are 1-based; zero means unknown.
type Pos struct {
	File string
	Line int
	Col  int
}

// String renders "file:line:col", leaving out unknown parts.
func (p Pos) String() string {
	s := p.File
	if p.Line > 0 {
		s += fmt.Sprintf(":%d", p.Line)
		if p.Col > 0 {
			s += fmt.Sprintf(":%d", p.Col)
		}
	}
	return s
}

// Error is one problem at one place. Internal marks a problem that is not the user's input (an
// I/O failure, a tool that failed, a bug) merged into a list: the CLI exits 3 for it, not 2.
type Error struct {
	Pos      Pos
	Msg      string
	Internal bool
}

// Error renders "file:line:col: message" (or just the message without a file).
func (e Error) Error() string {
	if e.Pos.File == "" {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// List collects errors. The zero value is ready to use.
type List []Error

// Add records a problem at pos.
func (l *List) Add(pos Pos, format string, args ...any) {
	*l = append(*l, Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// Merge adds every problem carried by err: a List, an Error, or any other error (without
// position, marked Internal: only positioned problems are the user's input).
func (l *List) Merge(err error) {
	if err == nil {
		return
	}
	var list List
	var one Error
	switch {
	case errors.As(err, &list):
		*l = append(*l, list...)
	case errors.As(err, &one):
		*l = append(*l, one)
	default:
		*l = append(*l, Error{Msg: err.Error(), Internal: true})
	}
}

// Internal reports whether any problem of the list is not the user's input.
func (l List) Internal() bool {
	for _, e := range l {
		if e.Internal {
			return true
		}
	}
	return false
}

// Err returns the list as an error, sorted by position, or nil when it is empty.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	out := slices.Clone(l)
	slices.SortStableFunc(out, compare)
	return slices.Compact(out)
}

// Error renders one line per problem.
func (l List) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

func compare(a, b Error) int {
	return cmp.Or(
		cmp.Compare(a.Pos.File, b.Pos.File),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Col, b.Pos.Col),
		cmp.Compare(a.Msg, b.Msg),
	)
}

// Errorf returns a single positioned error.
func Errorf(pos Pos, format string, args ...any) error {
	return Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}
