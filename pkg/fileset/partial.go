package fileset

import (
	"fmt"
	"strings"
)

// PartialWriteError is a write that failed. A failed write of a file replaces no file (the run's
// files are renamed into place only once all are written); a rename failing then leaves the tree
// mixing old and new generated files (each of them whole) until a run succeeds. The next
// successful generate writes what is still missing, and verify lists it meanwhile.
type PartialWriteError struct {
	Err        error
	Replaced   []string // files already replaced by this run, sorted
	NotWritten []string // changed files this run did not write (the failed one among them), sorted
	// NotCompared counts the planned files the run stopped before comparing with the disk: some
	// of them may have changed, and none was written.
	NotCompared int
}

func (e *PartialWriteError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v\n", e.Err)
	if len(e.Replaced) == 0 {
		fmt.Fprintf(&b, "no generated file was changed: %s.\n", e.notWritten())
	} else {
		fmt.Fprintf(&b, "the generated tree is now partly updated: %d changed files were replaced, %s.\n",
			len(e.Replaced), e.notWritten())
	}
	list(&b, "replaced", e.Replaced)
	list(&b, "not written", e.NotWritten)
	b.WriteString("Fix the problem and run asogen generate again: it writes what is missing " +
		"(asogen verify lists it until then).")
	return b.String()
}

// notWritten counts the files left unwritten: the changed ones, and those the run stopped
// before comparing.
func (e *PartialWriteError) notWritten() string {
	if e.NotCompared == 0 {
		return fmt.Sprintf("%d changed files were not written", len(e.NotWritten))
	}
	return fmt.Sprintf("%d files were not written (%d found changed, %d not compared with the disk before the run stopped)",
		len(e.NotWritten)+e.NotCompared, len(e.NotWritten), e.NotCompared)
}

func (e *PartialWriteError) Unwrap() error { return e.Err }

// list writes one line per path, labelled.
func list(b *strings.Builder, label string, paths []string) {
	for _, p := range paths {
		fmt.Fprintf(b, "  %s: %s\n", label, p)
	}
}
