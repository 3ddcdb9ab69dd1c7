package fileset

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// errAbandoned stops the writers of a run its caller abandoned.
var errAbandoned = errors.New("fileset: run abandoned")

// Abandon ends a run that must leave the tree as it found it (generation failed, or the user
// interrupted it): it waits for the writes in flight, removes every temporary file and every
// folder the run created, renames nothing and removes nothing else, then releases the lock.
// After a failed Plan, or once finished, it only releases the lock. A write that had failed
// comes back as a *PartialWriteError (nothing was replaced); otherwise it returns nil.
func (w *Writer) Abandon() error {
	defer w.end()
	if w.jobs == nil {
		return nil
	}
	failed := w.failure()
	w.fail(errAbandoned)
	close(w.jobs)
	w.wg.Wait()
	w.jobs = nil
	w.commit()
	if failed == nil {
		return nil
	}
	return w.partial()
}

// makeDir creates dir when missing, with the folders above it, and remembers each folder it
// created, so that a run that renames nothing can remove them again.
func (w *Writer) makeDir(dir string) error {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) || d == filepath.Dir(d) {
			break
		}
		missing = append(missing, d)
	}
	if len(missing) == 0 {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	w.mu.Lock()
	w.created = append(w.created, missing...)
	w.mu.Unlock()
	return nil
}

// removeCreated removes the folders the run created that are empty, deepest first.
func (w *Writer) removeCreated() {
	dirs := slices.Compact(slices.Sorted(slices.Values(w.created)))
	slices.SortStableFunc(dirs, func(a, b string) int {
		return strings.Count(b, string(filepath.Separator)) - strings.Count(a, string(filepath.Separator))
	})
	for _, d := range dirs {
		_ = os.Remove(d) // fails, as it should, on a folder holding a file
	}
	w.created = nil
}
