package fileset

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/asogen/asogen/pkg/diag"
)

// state is what the disk holds for a file set: which wanted files already hold their bytes,
// the current content of the others, and the generated files under the roots that the set no
// longer wants. Content equal to the wanted bytes is not kept, so a no-op run holds the output
// in memory once, not twice.
type state struct {
	same        map[string]bool   // wanted paths whose disk content equals the wanted bytes
	current     map[string][]byte // other wanted paths → content on disk; missing files are absent
	handWritten []string          // wanted paths that exist without asogen's header
	stale       []string          // generated files under the roots that the set does not hold
}

// onDisk reports whether wanted path p exists on disk.
func (st state) onDisk(p string) bool {
	_, differs := st.current[p]
	return st.same[p] || differs
}

// load reads the disk state for files and roots. Path problems come back as a diag.List.
func load(d disk, files FileSet, roots []string) (state, error) {
	if errs := checkPaths(files, roots); len(errs) > 0 {
		return state{}, errs.Err()
	}
	var errs diag.List
	st := state{same: map[string]bool{}, current: map[string][]byte{}}
	dirs := map[string]resolved{} // each folder is resolved once, not once per file
	for _, p := range files.Paths() {
		content, exists, problem, err := d.readTarget(p, dirs)
		if err != nil {
			return state{}, err
		}
		if problem != "" {
			errs.Add(diag.Pos{File: p}, "%s", problem)
			continue
		}
		st.add(p, content, exists, files[p])
	}
	stale, err := scanRoots(d, files, roots, &errs)
	st.stale = stale
	if err != nil {
		return state{}, err
	}
	return st, errs.Err()
}

// add records what the disk holds at wanted path p.
func (st *state) add(p string, content []byte, exists bool, wanted []byte) {
	switch {
	case !exists:
	case bytes.Equal(content, wanted):
		st.same[p] = true
	default:
		st.current[p] = content
		if !IsGenerated(content) {
			st.handWritten = append(st.handWritten, p)
		}
	}
}

// scanRoots lists the files carrying asogen's header under roots that files does not hold.
func scanRoots(d disk, files FileSet, roots []string, errs *diag.List) ([]string, error) {
	var stale []string
	for _, r := range slices.Compact(slices.Sorted(slices.Values(roots))) {
		dir, problem, err := d.resolve(r)
		if err != nil {
			return nil, err
		}
		if problem != "" {
			errs.Add(diag.Pos{File: r}, "output root: %s", problem)
			continue
		}
		found, err := scanDir(dir, r, files)
		if err != nil {
			return nil, err
		}
		stale = append(stale, found...)
	}
	slices.Sort(stale)
	return slices.Compact(stale), nil
}

// scanDir walks dir (the real path of root r) without following symlinks.
func scanDir(dir, r string, files FileSet) ([]string, error) {
	var stale []string
	err := filepath.WalkDir(dir, func(name string, entry fs.DirEntry, err error) error {
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
		if _, wanted := files[p]; wanted {
			return nil
		}
		generated, err := startsWithHeader(name)
		if generated {
			stale = append(stale, p)
		}
		return err
	})
	return stale, err
}

// startsWithHeader reads only as much of the file as the header needs.
func startsWithHeader(name string) (bool, error) {
	f, err := os.Open(name)
	if err != nil {
		return false, err
	}
	defer f.Close()
	buf := make([]byte, len(Header)+2)
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return false, err
	}
	return IsGenerated(buf[:n]), nil
}
