package fileset

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// Drift is how the disk differs from a file set.
type Drift struct {
	Changed  map[string]string // path → unified diff from the disk to the generated content
	Missing  []string          // generated files not on disk
	Stale    []string          // files under the output roots that carry the header but are no longer generated
	Leftover []string          // temporary files of interrupted runs under the output roots
}

// Empty reports whether the disk matches the file set.
func (d Drift) Empty() bool {
	return len(d.Changed) == 0 && len(d.Missing) == 0 && len(d.Stale) == 0 && len(d.Leftover) == 0
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
	for _, p := range d.Leftover {
		fmt.Fprintf(&b, "leftover: %s (temporary file of an interrupted run; generate would remove it)\n", p)
	}
	return b.String()
}

// Summary renders one line counting each kind of drift.
func (d Drift) Summary() string {
	s := fmt.Sprintf("%d changed, %d missing, %d stale", len(d.Changed), len(d.Missing), len(d.Stale))
	if len(d.Leftover) > 0 {
		s += fmt.Sprintf(", %d leftover", len(d.Leftover))
	}
	return s
}

// Verifier is the Sink of asogen verify: it compares each file with the disk as it arrives and
// writes nothing. It keeps only the unified diffs of changed files and the lists of missing and
// stale ones. Path problems come back from Plan as a diag.List, as from a Writer; a planned path
// holding a hand-written file is not refused but shown as changed.
type Verifier struct {
	run
	drift Drift
}

// NewVerifier returns a Verifier for the project folder root, waiting for another run's lock
// as long as DefaultLockTimeout.
func NewVerifier(root string) *Verifier {
	return NewVerifierWithLock(root, LockOptions{})
}

// NewVerifierWithLock returns a Verifier that waits for another run's lock as lock says. A
// Verifier holds the lock from Plan to Finish (so it never sees a run's files half replaced)
// and writes nothing else.
func NewVerifierWithLock(root string, lock LockOptions) *Verifier {
	return &Verifier{run: run{root: root, readOnly: true, lockOpts: lock}, drift: Drift{Changed: map[string]string{}}}
}

// Plan implements Sink: it checks paths and roots and finds the stale generated files.
func (v *Verifier) Plan(paths, roots []string) error {
	if err := v.begin(paths, roots); err != nil {
		return err
	}
	v.drift.Stale, v.drift.Leftover = v.plan.stale, v.plan.leftovers
	return nil
}

// Put implements Sink. A diff is computed only for a file whose bytes differ.
func (v *Verifier) Put(p string, content []byte) error {
	t, err := v.arrive(p)
	if err != nil {
		return err
	}
	buf := readBuffers.Get().(*bytes.Buffer)
	defer readBuffers.Put(buf)
	_, exists, err := t.read(buf)
	current := buf.Bytes()
	switch {
	case err != nil:
		return err
	case !exists:
		v.mu.Lock()
		v.drift.Missing = append(v.drift.Missing, p)
		v.mu.Unlock()
	case !bytes.Equal(current, content):
		diff := unifiedDiff(p, current, content)
		v.mu.Lock()
		v.drift.Changed[p] = diff
		v.mu.Unlock()
	}
	return nil
}

// Finish returns the drift found and releases the lock; it is an error when a planned file
// never arrived. Call it after Plan even when generation failed, to release the lock.
func (v *Verifier) Finish() (Drift, error) {
	defer v.end()
	if err := v.complete(); err != nil {
		return Drift{}, err
	}
	slices.Sort(v.drift.Missing)
	return v.drift, nil
}

// Verify compares the disk under root with files through a Verifier, without writing anything.
func Verify(root string, files FileSet, roots []string) (Drift, error) {
	v := NewVerifier(root)
	if err := v.Plan(files.Paths(), roots); err != nil {
		return Drift{}, err
	}
	if err := putAll(v, files); err != nil {
		_, _ = v.Finish() // releases the lock
		return Drift{}, err
	}
	return v.Finish()
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
