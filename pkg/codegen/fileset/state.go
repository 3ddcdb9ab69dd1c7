package fileset

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/asogen/asogen/pkg/diag"
)

// state is what the disk holds for a file set: the current content of each wanted file and the
// generated files under the roots that the set no longer wants.
type state struct {
	current     map[string][]byte // wanted path → content on disk; missing files are absent
	handWritten []string          // wanted paths that exist without asogen's header
	stale       []string          // generated files under the roots that the set does not hold
}

// load reads the disk state for files and roots. Path problems come back as a diag.List.
func load(d disk, files FileSet, roots []string) (state, error) {
	if errs := checkPaths(files, roots); len(errs) > 0 {
		return state{}, errs.Err()
	}
	var errs diag.List
	st := state{current: map[string][]byte{}}
	for _, p := range files.Paths() {
		content, exists, problem, err := d.readTarget(p)
		if err != nil {
			return state{}, err
		}
		if problem != "" {
			errs.Add(diag.Pos{File: p}, "%s", problem)
			continue
		}
		if exists {
			st.current[p] = content
			if !IsGenerated(content) {
				st.handWritten = append(st.handWritten, p)
			}
		}
	}
	stale, err := scanRoots(d, files, roots, &errs)
	st.stale = stale
	if err != nil {
		return state{}, err
	}
	return st, errs.Err()
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
