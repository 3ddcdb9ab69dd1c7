package fileset

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sync"

	"github.com/asogen/asogen/internal/atomicfile"
	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/header"
)

// target is a planned path as the disk held it when the run was planned.
type target struct {
	real   string // operating-system path of the file, its folders resolved
	exists bool
}

// read reads the file's current content into buf and returns its stamp as it was read; a file
// gone since the plan counts as missing. The content is only compared, so callers read into a
// buffer of readBuffers and hand it back.
func (t target) read(buf *bytes.Buffer) (Stamp, bool, error) {
	buf.Reset()
	if !t.exists {
		return Stamp{}, false, nil
	}
	f, err := os.Open(t.real)
	if errors.Is(err, fs.ErrNotExist) {
		return Stamp{}, false, nil
	}
	if err != nil {
		return Stamp{}, false, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return Stamp{}, false, err
	}
	buf.Grow(int(info.Size()) + bytes.MinRead) // read in one go, as os.ReadFile does
	_, err = buf.ReadFrom(f)
	return stampOf(info), err == nil, err
}

// readBuffers keep the buffers files are read into between files: a run compares thousands.
var readBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// planned is what the disk holds for the paths of a run: where each one is, which of them hold
// a file without asogen's header, and the generated files under the roots that the run will not
// produce. Only headers are read.
type planned struct {
	targets     map[string]target
	handWritten []string
	stale       []string
	leftovers   []string // temporary files of interrupted runs (see atomicfile.IsTemp)
}

// planOnDisk checks every path and root and looks each path up on disk (a vouched path only
// through its folder: it is a generated file). Path problems come back, all of them, as a
// diag.List; a disk that cannot be read as a plain error.
func planOnDisk(d disk, paths, roots []string, vouched map[string]bool) (planned, error) {
	if errs := checkPaths(paths, roots); len(errs) > 0 {
		return planned{}, errs.Err()
	}
	var errs diag.List
	pl := planned{targets: make(map[string]target, len(paths))}
	dirs := map[string]resolved{} // each folder is resolved once, not once per file
	var existing []string         // looked up and found: their headers are read
	for _, p := range paths {
		if vouched[p] {
			if dir, problem, err := d.resolveDir(path.Dir(p), dirs); problem == "" && err == nil {
				pl.targets[p] = target{real: filepath.Join(dir, path.Base(p)), exists: true}
				continue
			}
		}
		t, problem, err := d.lookup(p, dirs)
		if err != nil {
			return planned{}, err
		}
		if problem != "" {
			errs.Add(diag.Pos{File: p}, "%s", problem)
			continue
		}
		pl.targets[p] = t
		if t.exists {
			existing = append(existing, p)
		}
	}
	if err := pl.findHandWritten(existing); err != nil {
		return planned{}, err
	}
	found, err := scanRoots(d, wantedSet(paths), roots, &errs)
	pl.stale, pl.leftovers = found.stale, found.leftovers
	if err != nil {
		return planned{}, err
	}
	return pl, errs.Err()
}

// findHandWritten reads the header of each of the planned files check (on parallel workers: a
// run over an existing tree reads thousands) and notes those without it.
func (pl *planned) findHandWritten(check []string) error {
	generated := make([]bool, len(check))
	errs := make([]error, len(check))
	parallel.Do(len(check), headerReaders, func(i int) {
		generated[i], errs[i] = startsWithHeader(pl.targets[check[i]].real)
	})
	for i, p := range check {
		if errs[i] != nil {
			return errs[i]
		}
		if !generated[i] {
			pl.handWritten = append(pl.handWritten, p)
		}
	}
	return nil
}

// headerReaders is how many headers are read at once: each read is a few system calls on a file
// the page cache mostly holds, so a few more readers than cores keep them busy.
const headerReaders = 8

func wantedSet(paths []string) map[string]bool {
	set := make(map[string]bool, len(paths))
	for _, p := range paths {
		set[p] = true
	}
	return set
}

// scanned is what scanning the output roots found besides the planned files.
type scanned struct {
	stale     []string // files carrying asogen's header that the run does not produce
	leftovers []string // asogen's temporary files, whatever they hold
}

// scanRoots lists the stale generated files and the temporary files under roots.
func scanRoots(d disk, wanted map[string]bool, roots []string, errs *diag.List) (scanned, error) {
	var all scanned
	for _, r := range slices.Compact(slices.Sorted(slices.Values(roots))) {
		dir, problem, err := d.resolve(r)
		if err != nil {
			return scanned{}, err
		}
		if problem != "" {
			errs.Add(diag.Pos{File: r}, "output root: %s", problem)
			continue
		}
		if err := scanDir(dir, r, wanted, &all); err != nil {
			return scanned{}, err
		}
	}
	slices.Sort(all.stale)
	slices.Sort(all.leftovers)
	return scanned{slices.Compact(all.stale), slices.Compact(all.leftovers)}, nil
}

// scanDir walks dir (the real path of root r) without following symlinks.
func scanDir(dir, r string, wanted map[string]bool, found *scanned) error {
	return filepath.WalkDir(dir, func(name string, entry fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && name == dir {
			return filepath.SkipDir
		}
		if err != nil || !entry.Type().IsRegular() {
			return err
		}
		rel, err := filepath.Rel(dir, name)
		if err != nil {
			return err
		}
		p := path.Join(r, filepath.ToSlash(rel))
		switch {
		case wanted[p]:
			return nil
		case atomicfile.IsTemp(entry.Name()):
			found.leftovers = append(found.leftovers, p)
			return nil
		}
		generated, err := startsWithHeader(name)
		if generated {
			found.stale = append(found.stale, p)
		}
		return err
	})
}

// startsWithHeader reads only as much of the file as the header needs.
func startsWithHeader(name string) (bool, error) {
	f, err := os.Open(name)
	if err != nil {
		return false, err
	}
	defer f.Close()
	buf := make([]byte, len(header.Go)+2)
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return false, err
	}
	return header.IsGenerated(buf[:n]), nil
}

// run is what Writer and Verifier share: the project on disk, the plan, and which planned
// paths have arrived.
type run struct {
	root     string
	readOnly bool // a Verifier: on a tree where no lock file can be created, it runs unlocked
	lockOpts LockOptions
	lock     *Lock // taken by begin and released by end, unless the caller holds it
	d        disk
	plan     planned
	roots    []string
	mu       sync.Mutex
	arrived  map[string]bool
	vouched  map[string]bool // see Vouch
}

// Vouch implements Vouching: Plan takes these paths as generated files that exist, and as
// arrived: they are not handed over.
func (r *run) Vouch(paths []string) {
	r.vouched = make(map[string]bool, len(paths))
	for _, p := range paths {
		r.vouched[p] = true
	}
}

// begin takes the project's lock, opens the project and plans paths and roots on it; it may be
// called once. On an error the lock is released again.
func (r *run) begin(paths, roots []string) error {
	if r.arrived != nil {
		return errors.New("fileset: Plan called twice")
	}
	d, err := openDisk(r.root)
	if err != nil {
		return err
	}
	if err := r.takeLock(d.root); err != nil {
		return err
	}
	pl, err := planOnDisk(d, paths, roots, r.vouched)
	if err != nil {
		r.end()
		return err
	}
	r.d, r.plan, r.roots, r.arrived = d, pl, roots, make(map[string]bool, len(paths))
	for p := range r.vouched {
		if _, ok := pl.targets[p]; ok {
			r.arrived[p] = true
		}
	}
	return nil
}

// vouchedPaths returns the planned paths vouched for, sorted.
func (r *run) vouchedPaths() []string {
	var out []string
	for p := range r.vouched {
		if _, ok := r.plan.targets[p]; ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// takeLock takes the project's lock unless the caller holds it. A Verifier on a tree where the
// lock file cannot be created (read-only, so nothing can write it either) runs without it.
func (r *run) takeLock(root string) error {
	if r.lock = r.lockOpts.Held; r.lock != nil {
		return nil
	}
	var err error
	r.lock, err = AcquireLock(root, r.lockOpts)
	if r.readOnly && errors.Is(err, errNoLockFile) {
		return nil
	}
	return err
}

// end releases the project's lock (once; later calls do nothing), unless the caller holds it.
func (r *run) end() {
	if r.lock != r.lockOpts.Held {
		r.lock.Release()
	}
	r.lock = nil
}

// arrive records that p arrived and returns its target. A path that was not planned, or that
// arrives twice, is a generator bug.
func (r *run) arrive(p string) (target, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.arrived == nil {
		return target{}, fmt.Errorf("fileset: %s arrived before Plan", p)
	}
	t, ok := r.plan.targets[p]
	if !ok || r.arrived[p] {
		return target{}, fmt.Errorf("fileset: %s was not planned or arrived twice", p)
	}
	r.arrived[p] = true
	return t, nil
}

// missing counts the planned paths that have not arrived.
func (r *run) missing() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.plan.targets) - len(r.arrived)
}

// complete reports planned paths that never arrived.
func (r *run) complete() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.arrived == nil {
		return errors.New("fileset: Finish before a successful Plan")
	}
	if n := len(r.plan.targets) - len(r.arrived); n > 0 {
		return fmt.Errorf("fileset: %d planned files never arrived", n)
	}
	return nil
}
