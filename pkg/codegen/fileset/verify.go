package fileset

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// Drift is how the disk differs from a file set.
type Drift struct {
	Changed map[string]string // path → unified diff from the disk to the generated content
	Missing []string          // generated files not on disk
	Stale   []string          // files under the output roots that carry the header but are no longer generated
}

// Empty reports whether the disk matches the file set.
func (d Drift) Empty() bool {
	return len(d.Changed) == 0 && len(d.Missing) == 0 && len(d.Stale) == 0
}

// String renders the diffs (sorted by path), then one line per missing and per stale file.
func (d Drift) String() string {
	var b strings.Builder
	for _, p := range slices.Sorted(maps.Keys(d.Changed)) {
		b.WriteString(d.Changed[p])
	}
	for _, p := range d.Missing {
		fmt.Fprintf(&b, "missing: %s (would be generated)\n", p)
	}
	for _, p := range d.Stale {
		fmt.Fprintf(&b, "stale: %s (generated, no longer produced; generate would remove it)\n", p)
	}
	return b.String()
}

// Summary renders one line counting each kind of drift.
func (d Drift) Summary() string {
	return fmt.Sprintf("%d changed, %d missing, %d stale", len(d.Changed), len(d.Missing), len(d.Stale))
}

// Verify compares the disk under root with files without writing anything. Path problems come
// back as a diag.List, as in Write.
func Verify(root string, files FileSet, roots []string) (Drift, error) {
	d, err := openDisk(root)
	if err != nil {
		return Drift{}, err
	}
	st, err := load(d, files, roots)
	if err != nil {
		return Drift{}, err
	}
	drift := Drift{Changed: map[string]string{}, Stale: st.stale}
	for _, p := range files.Paths() {
		switch {
		case st.same[p]:
		case !st.onDisk(p):
			drift.Missing = append(drift.Missing, p)
		default: // the bytes differ: only now is a diff computed
			drift.Changed[p] = unifiedDiff(p, st.current[p], files[p])
		}
	}
	return drift, nil
}

// unifiedDiff renders the change from old (on disk) to new (generated) with three lines of context.
func unifiedDiff(p string, old, new []byte) string {
	text, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A:        splitLines(old),
		B:        splitLines(new),
		FromFile: "a/" + p,
		ToFile:   "b/" + p,
		Context:  3,
	})
	if err != nil { // only a failing writer can fail, and strings.Builder does not
		return fmt.Sprintf("--- a/%s\n+++ b/%s\n(diff failed: %v)\n", p, p, err)
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text
}

// splitLines splits after each newline; a last line without one gets one, so the diff stays
// line-oriented (difflib.SplitLines would add a phantom empty last line).
func splitLines(content []byte) []string {
	lines := strings.SplitAfter(string(content), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	} else {
		lines[len(lines)-1] += "\n"
	}
	return lines
}
