package fileset

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/asogen/asogen/pkg/diag"
)

// disk is the project root on disk.
type disk struct {
	root string // as given
	real string // with every symlink resolved
}

func openDisk(root string) (disk, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return disk{}, fmt.Errorf("project root %s: %w", root, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return disk{}, fmt.Errorf("project root %s: %w", root, err)
	}
	return disk{root: abs, real: real}, nil
}

// abs returns the operating-system path of slash path p.
func (d disk) abs(p string) string {
	return filepath.Join(d.root, filepath.FromSlash(p))
}

// resolve follows p component by component from the real root and returns the real path of
// its longest existing prefix joined with the rest. It returns a problem (for the user) when a
// symlink on the way leads outside the root, and an error when the disk cannot be read.
func (d disk) resolve(p string) (string, string, error) {
	cur := d.real
	parts := strings.Split(p, "/")
	for i, part := range parts {
		next := filepath.Join(cur, part)
		info, err := os.Lstat(next)
		if errors.Is(err, fs.ErrNotExist) {
			return filepath.Join(append([]string{cur}, parts[i:]...)...), "", nil
		}
		if err != nil {
			return "", "", err
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		target, problem, err := d.follow(next, path.Join(parts[:i+1]...))
		if problem != "" || err != nil {
			return "", problem, err
		}
		cur = target
	}
	return cur, "", nil
}

// follow resolves the symlink at link (named rel inside the project) and checks that it stays inside.
func (d disk) follow(link, rel string) (string, string, error) {
	target, err := filepath.EvalSymlinks(link)
	if errors.Is(err, fs.ErrNotExist) {
		return "", "symlink " + rel + " points to a missing target", nil
	}
	if err != nil {
		return "", "", err
	}
	if !within(d.real, target) {
		return "", fmt.Sprintf("output path escapes the project root through symlink %s -> %s", rel, target), nil
	}
	return target, "", nil
}

// within reports whether target is root or below it.
func within(root, target string) bool {
	rel, err := filepath.Rel(root, target)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// resolved is the outcome of resolve for one folder.
type resolved struct {
	real, problem string
}

// resolveDir is resolve memoised in dirs (errors are not remembered).
func (d disk) resolveDir(dir string, dirs map[string]resolved) (string, string, error) {
	if r, ok := dirs[dir]; ok {
		return r.real, r.problem, nil
	}
	real, problem, err := d.resolve(dir)
	if err == nil {
		dirs[dir] = resolved{real, problem}
	}
	return real, problem, err
}

// lookup finds the file the run wants to write at p without reading it. It returns a problem
// when p leads outside the root or is not a regular file. dirs memoises the resolution of parent
// folders across calls.
func (d disk) lookup(p string, dirs map[string]resolved) (target, string, error) {
	parent, problem, err := d.resolveDir(path.Dir(p), dirs)
	if problem != "" || err != nil {
		return target{}, problem, err
	}
	name := filepath.Join(parent, path.Base(p))
	info, err := os.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target{real: name}, "", nil
	case err != nil:
		return target{}, "", err
	case info.Mode()&fs.ModeSymlink != 0:
		return target{}, "output path is a symlink; asogen writes only regular files", nil
	case !info.Mode().IsRegular():
		return target{}, "output path exists and is not a regular file", nil
	}
	return target{real: name, exists: true}, "", nil
}

// Stamp is what a stat says of a file's content without reading it: its size and modification
// time (nanoseconds since the epoch).
type Stamp struct {
	Size    int64
	ModTime int64
}

func stampOf(info fs.FileInfo) Stamp {
	return Stamp{Size: info.Size(), ModTime: info.ModTime().UnixNano()}
}

// CheckRoots checks the output roots of the project at root before anything reads or writes
// through them: each must be a clean relative path, and no symlink on its way may lead outside
// the project. Problems come back, all of them, as a diag.List (positioned at the root's path);
// a disk that cannot be read as a plain error. Empty roots are skipped.
func CheckRoots(root string, roots []string) error {
	d, err := openDisk(root)
	if err != nil {
		return err
	}
	var errs diag.List
	for _, r := range roots {
		if r == "" {
			continue
		}
		if msg := pathProblem(r); msg != "" {
			errs.Add(diag.Pos{File: r}, "output root: %s", msg)
			continue
		}
		if _, problem, err := d.resolve(r); err != nil {
			return err
		} else if problem != "" {
			errs.Add(diag.Pos{File: r}, "output root: %s; asogen reads and writes nothing through it", problem)
		}
	}
	return errs.Err()
}
