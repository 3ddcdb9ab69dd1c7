package fileset

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/diag"
)

// Options tune Write. The zero value is ready to use.
type Options struct {
	// Mode is the permission of new files (default 0o644). Existing files keep theirs.
	Mode fs.FileMode

	// wrap, in tests, wraps the writer of each temporary file (to fail or stall mid-write).
	wrap func(io.Writer) io.Writer
}

// Summary says what Write did. Every list is sorted.
type Summary struct {
	Written   []string
	Unchanged []string
	Removed   []string
	Elapsed   time.Duration
}

// String renders the one-line summary the CLI prints.
func (s Summary) String() string {
	return fmt.Sprintf("%d written, %d unchanged, %d removed in %s",
		len(s.Written), len(s.Unchanged), len(s.Removed), s.Elapsed.Round(time.Millisecond))
}

// Write brings the disk under root in line with files: it writes the files whose bytes differ
// (each atomically, through a temporary file and a rename in the same folder), leaves the others
// untouched, and removes files under roots that carry asogen's header and that files does not
// hold, together with the folders this leaves empty.
//
// Nothing is written when a path escapes root (through "..", an absolute path or a symlink) or
// when a wanted path holds a file without asogen's header; those problems come back, all of
// them, as a diag.List. Every content of files must start with Header.
func Write(root string, files FileSet, roots []string, opts Options) (Summary, error) {
	start := time.Now()
	d, err := openDisk(root)
	if err != nil {
		return Summary{}, err
	}
	if err := checkHeaders(files); err != nil {
		return Summary{}, err
	}
	st, err := load(d, files, roots)
	if err != nil {
		return Summary{}, err
	}
	if err := refuseHandWritten(st); err != nil {
		return Summary{}, err
	}
	sum, err := apply(d, files, st, roots, opts)
	sum.Elapsed = time.Since(start)
	return sum, err
}

// checkHeaders makes sure every generated file can be recognised as generated later.
func checkHeaders(files FileSet) error {
	for _, p := range files.Paths() {
		if !IsGenerated(files[p]) {
			return fmt.Errorf("%s: generated content does not start with %q", p, Header)
		}
	}
	return nil
}

func refuseHandWritten(st state) error {
	var errs diag.List
	for _, p := range st.handWritten {
		errs.Add(diag.Pos{File: p}, "file exists without the line %q; asogen will not overwrite a hand-written file (move it away or delete it)", Header)
	}
	return errs.Err()
}

// apply writes the changed files, then removes the stale ones.
func apply(d disk, files FileSet, st state, roots []string, opts Options) (Summary, error) {
	var sum Summary
	var changed []string
	for _, p := range files.Paths() {
		if st.same[p] {
			sum.Unchanged = append(sum.Unchanged, p)
		} else {
			changed = append(changed, p)
		}
	}
	written, err := writeAll(d, files, changed, opts)
	sum.Written = written
	if err != nil {
		return sum, err
	}
	for _, p := range st.stale {
		if err := os.Remove(d.abs(p)); err != nil {
			return sum, err
		}
		sum.Removed = append(sum.Removed, p)
		pruneEmpty(d, path.Dir(p), roots)
	}
	return sum, nil
}

// writers is how many files are written at once: each write waits on the disk (fsync), so
// more writers than cores keep it busy.
const writers = 8

// writeAll writes the files at paths (sorted) on parallel writers and returns the paths
// written, sorted. After a failure no new write starts; the error of the first failing path
// is returned.
func writeAll(d disk, files FileSet, paths []string, opts Options) ([]string, error) {
	errs := make([]error, len(paths))
	var failed atomic.Bool
	parallel.Do(len(paths), writers, func(i int) {
		if failed.Load() {
			errs[i] = errSkipped
			return
		}
		if errs[i] = writeFile(d.abs(paths[i]), files[paths[i]], opts); errs[i] != nil {
			failed.Store(true)
		}
	})
	var written []string
	var first error
	for i, err := range errs {
		switch {
		case err == nil:
			written = append(written, paths[i])
		case first == nil && err != errSkipped:
			first = err
		}
	}
	return written, first
}

// errSkipped marks a write not attempted because another one failed.
var errSkipped = errors.New("not written: an earlier write failed")

// writeFile replaces name with data through a temporary file in the same folder, so that an
// interrupted run leaves either the old file or the new one, never a part of either.
func writeFile(name string, data []byte, opts Options) error {
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	mode := opts.Mode
	if mode == 0 {
		mode = 0o644
	}
	if info, err := os.Stat(name); err == nil {
		mode = info.Mode().Perm()
	}
	tmp, err := writeTemp(dir, filepath.Base(name), data, mode, opts.wrap)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	syncDir(dir)
	return nil
}

// writeTemp writes data to a new hidden temporary file next to the target and returns its name.
// A temporary file left by a killed run starts with Header, so the next run removes it as stale.
func writeTemp(dir, base string, data []byte, mode fs.FileMode, wrap func(io.Writer) io.Writer) (string, error) {
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return "", err
	}
	var w io.Writer = f
	if wrap != nil {
		w = wrap(f)
	}
	_, err = w.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	_ = f.Sync() // best effort: some file systems do not support it
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return "", fmt.Errorf("writing %s: %w", filepath.Join(dir, base), err)
	}
	return f.Name(), nil
}

// syncDir makes the rename durable where the platform allows it (best effort).
func syncDir(dir string) {
	f, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = f.Sync()
	_ = f.Close()
}

// pruneEmpty removes dir and its parents while they are empty, stopping at the output root
// that holds them.
func pruneEmpty(d disk, dir string, roots []string) {
	for dir != "." && !isRoot(dir, roots) {
		if err := os.Remove(d.abs(dir)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return // not empty (or not ours to remove)
		}
		dir = path.Dir(dir)
	}
}

func isRoot(dir string, roots []string) bool {
	for _, r := range roots {
		if dir == r {
			return true
		}
	}
	return false
}
