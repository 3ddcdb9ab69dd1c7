package fileset

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/asogen/asogen/internal/atomicfile"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/header"
)

// Options tune Write. The zero value is ready to use.
type Options struct {
	// Mode is the permission of new files (default 0o644). Existing files keep theirs.
	Mode fs.FileMode

	// Lock says how long to wait for another run on the same tree and whom to tell.
	Lock LockOptions

	// wrap, in tests, wraps the writer of each temporary file (to fail or stall mid-write).
	wrap func(io.Writer) io.Writer
}

// Summary says what a Writer did. Every list is sorted.
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

// Writer is the Sink of asogen generate. Plan checks every path before anything is written:
// nothing is written when a path escapes the root (through "..", an absolute path or a symlink)
// or when a planned path holds a file without asogen's header; those problems come back, all of
// them, as a diag.List. Put compares each file with the disk as it arrives and hands only
// changed ones to parallel writers, each written atomically (a temporary file and a rename in
// the same folder). Finish waits for the writes, then removes the generated files under the
// roots that the run did not produce, together with the folders this leaves empty.
type Writer struct {
	run
	opts    Options
	start   time.Time
	jobs    chan job // nil until Plan succeeds, and again after Finish
	wg      sync.WaitGroup
	sum     Summary
	pending []staged // files written to their temporary file, renamed into place by Finish
	stamps  map[string]Stamp
	queue   []string // every changed file handed to the writers
	created []string // the folders the writers created for new files (removed when nothing is renamed)
	err     error    // the first failed write; no new write starts after it
}

// job is one changed file waiting for a writer.
type job struct {
	path    string
	content []byte
}

// writers is how many files are written at once: each write waits on the disk (fsync), so many
// more writers than cores keep it busy (concurrent fsyncs share the file system's journal
// commits). At most as many changed files wait for one.
const writers = 32

// NewWriter returns a Writer for the project folder root.
func NewWriter(root string, opts Options) *Writer {
	return &Writer{run: run{root: root, lockOpts: opts.Lock}, opts: opts, start: time.Now()}
}

// Plan implements Sink: it checks paths and roots and starts the writers.
func (w *Writer) Plan(paths, roots []string) error {
	if err := w.begin(paths, roots); err != nil {
		return err
	}
	if err := refuseHandWritten(w.plan.handWritten); err != nil {
		w.end()
		return err
	}
	w.sum.Unchanged = append(w.sum.Unchanged, w.vouchedPaths()...)
	w.jobs = make(chan job, writers)
	for range writers {
		w.wg.Go(w.work)
	}
	return nil
}

func refuseHandWritten(paths []string) error {
	var errs diag.List
	for _, p := range paths {
		errs.Add(diag.Pos{File: p}, "file exists without the line %q; asogen will not overwrite a hand-written file (move it away or delete it)", header.Go)
	}
	return errs.Err()
}

// Put implements Sink: content equal to the disk is left alone, other content is written.
// Content without header.Go is a generator bug. After a failed write Put returns that error.
func (w *Writer) Put(p string, content []byte) error {
	if !header.IsGenerated(content) {
		return fmt.Errorf("%s: generated content does not start with %q", p, header.Go)
	}
	t, err := w.accept(p)
	if err != nil {
		return err
	}
	buf := readBuffers.Get().(*bytes.Buffer)
	defer readBuffers.Put(buf)
	stamp, exists, err := t.read(buf)
	current := buf.Bytes()
	switch {
	case err != nil: // the disk failed: no new write starts, Finish names what was written
		w.record(&w.queue, p)
		w.fail(err)
		return err
	case exists && bytes.Equal(current, content):
		w.record(&w.sum.Unchanged, p)
		w.stamp(p, stamp)
		return nil
	}
	w.record(&w.queue, p) // changed: written, or named as not written
	if err := w.failure(); err != nil {
		return err
	}
	w.jobs <- job{p, bytes.Clone(content)} // content is the caller's until Put returns
	return nil
}

// accept records the arrival of p, which only a successful Plan allows.
func (w *Writer) accept(p string) (target, error) {
	if w.jobs == nil {
		return target{}, fmt.Errorf("fileset: %s arrived without a successful Plan", p)
	}
	return w.arrive(p)
}

// work writes the queued files until Finish closes the queue; after a failure it only drains it.
func (w *Writer) work() {
	for j := range w.jobs {
		if w.failure() != nil {
			continue
		}
		name := w.d.abs(j.path)
		err := w.makeDir(filepath.Dir(name))
		var tmp string
		var stamp Stamp
		if err == nil {
			tmp, stamp, err = writeTemp(name, j.content, w.opts)
		}
		if err != nil {
			w.fail(err)
			continue
		}
		w.mu.Lock()
		w.pending = append(w.pending, staged{path: j.path, tmp: tmp, stamp: stamp})
		w.mu.Unlock()
	}
}

// stamp records the stamp of p holding the bytes the run gave it.
func (w *Writer) stamp(p string, s Stamp) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stamps == nil {
		w.stamps = map[string]Stamp{}
	}
	w.stamps[p] = s
}

// Stamps returns, after Finish, the stamp of every file that holds the bytes this run gave it,
// as the Writer saw it when it wrote the file or found it unchanged: a later run that finds
// the same stamp on disk may take the file as unchanged without reading it. Files the run was
// told are unchanged (Unchanged) have none.
func (w *Writer) Stamps() map[string]Stamp {
	w.mu.Lock()
	defer w.mu.Unlock()
	return maps.Clone(w.stamps)
}

func (w *Writer) record(list *[]string, p string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	*list = append(*list, p)
}

func (w *Writer) fail(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		w.err = err
	}
}

func (w *Writer) failure() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// Finish waits for the writes in flight and returns what was done, every list sorted, then
// releases the lock. Temporary files of interrupted runs are removed in any case. Stale files
// are removed only when every planned file arrived and every write succeeded; a run cut short
// (generation failed, Finish returns why) removes nothing. A failed write comes back as a
// *PartialWriteError naming the files already replaced and those not written. Call it once
// after Plan.
func (w *Writer) Finish() (Summary, error) {
	if w.jobs == nil {
		return Summary{}, errors.New("fileset: Finish without a successful Plan")
	}
	defer w.end()
	close(w.jobs)
	w.wg.Wait()
	w.jobs = nil
	w.commit()
	slices.Sort(w.sum.Written)
	err := w.partial()
	if err == nil {
		err = w.complete()
	}
	if lerr := w.removeLeftovers(); err == nil {
		err = lerr
	}
	if err == nil {
		err = w.removeStale()
	}
	slices.Sort(w.sum.Unchanged)
	slices.Sort(w.sum.Removed)
	w.sum.Elapsed = time.Since(w.start)
	return w.sum, err
}

// partial turns a failed write into a PartialWriteError, or returns nil.
func (w *Writer) partial() error {
	err := w.failure()
	if err == nil {
		return nil
	}
	written := map[string]bool{}
	for _, p := range w.sum.Written {
		written[p] = true
	}
	var notWritten []string
	for _, p := range w.queue {
		if !written[p] {
			notWritten = append(notWritten, p)
		}
	}
	slices.Sort(notWritten)
	return &PartialWriteError{Err: err, Replaced: slices.Clone(w.sum.Written), NotWritten: notWritten, NotCompared: w.missing()}
}

// removeStale removes the stale generated files and the folders this empties.
func (w *Writer) removeStale() error {
	for _, p := range w.plan.stale {
		if err := os.Remove(w.d.abs(p)); err != nil {
			return err
		}
		w.sum.Removed = append(w.sum.Removed, p)
		pruneEmpty(w.d, path.Dir(p), w.roots)
	}
	return nil
}

// Write brings the disk under root in line with files through a Writer: the files whose bytes
// differ are written, the others left untouched, and the stale generated files under roots
// removed. Every content of files must start with header.Go; nothing is written otherwise.
func Write(root string, files FileSet, roots []string, opts Options) (Summary, error) {
	if err := checkHeaders(files); err != nil {
		return Summary{}, err
	}
	w := NewWriter(root, opts)
	if err := w.Plan(files.Paths(), roots); err != nil {
		return Summary{}, err
	}
	err := putAll(w, files)
	sum, ferr := w.Finish()
	if err == nil {
		err = ferr
	}
	return sum, err
}

// putAll puts every file of the set into s, in path order, stopping at the first error.
func putAll(s Sink, files FileSet) error {
	for _, p := range files.Paths() {
		if err := s.Put(p, files[p]); err != nil {
			return err
		}
	}
	return nil
}

// checkHeaders makes sure every generated file can be recognised as generated later.
func checkHeaders(files FileSet) error {
	for _, p := range files.Paths() {
		if !header.IsGenerated(files[p]) {
			return fmt.Errorf("%s: generated content does not start with %q", p, header.Go)
		}
	}
	return nil
}

// staged is a changed file written to its temporary file (beside it) and not yet renamed.
type staged struct {
	path  string // slash path under the root
	tmp   string // absolute
	stamp Stamp  // of the temporary file once written: a rename keeps it
}

// writeTemp writes data for the file name into a new temporary file in the same folder (which
// exists: see makeDir), with the mode of the file it replaces (opts.Mode, or 0644, for a new one), and
// returns the temporary file's name and stamp. Nothing is synced yet: see commit.
func writeTemp(name string, data []byte, opts Options) (string, Stamp, error) {
	mode := opts.Mode
	if mode == 0 {
		mode = 0o644
	}
	if info, err := os.Stat(name); err == nil {
		mode = info.Mode().Perm()
	}
	tmp, info, err := atomicfile.Stage(name, data, mode, opts.wrap)
	if err != nil {
		return "", Stamp{}, err
	}
	return tmp, stampOf(info), nil
}

// commit makes the staged files the run's output: once every write succeeded, the file system
// is synced once (not once per file), then each temporary file is renamed onto its target
// (atomic: a reader sees the old file or the new one, never a part), and each folder that
// received a file is synced so the renames last. After a failed write no target is replaced:
// every temporary file is removed. A failed rename stops the renames there (failure).
func (w *Writer) commit() {
	files := w.pending
	w.pending = nil
	slices.SortFunc(files, func(a, b staged) int { return strings.Compare(a.path, b.path) })
	if w.failure() == nil && len(files) > 0 {
		syncFiles(w.d.root, files)
	}
	dirs := map[string]bool{}
	for _, f := range files {
		if w.failure() != nil {
			_ = os.Remove(f.tmp)
			continue
		}
		if err := atomicfile.Commit(f.tmp, w.d.abs(f.path)); err != nil {
			w.fail(err)
			continue
		}
		w.sum.Written = append(w.sum.Written, f.path)
		w.stamp(f.path, f.stamp)
		dirs[filepath.Dir(f.tmp)] = true
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		atomicfile.SyncDir(dir)
	}
	if len(dirs) == 0 {
		w.removeCreated() // nothing was renamed: the folders made for the files go too
	}
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
