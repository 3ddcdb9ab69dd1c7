// Package fileset moves the generator's output to disk as it is produced: Writer rewrites only
// changed files, atomically, and removes stale generated files; Verifier compares without
// writing and reports drift with unified diffs. Both are Sinks, checking every path before the
// first file arrives; Write and Verify run them over a FileSet held in memory.
package fileset

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/diag"
)

// FileSet maps slash-separated paths, relative to a root folder, to file contents.
type FileSet map[string][]byte

// Paths returns the paths of the set, sorted.
func (s FileSet) Paths() []string {
	paths := make([]string, 0, len(s))
	for p := range s {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}

// checkPaths validates every path and every root: relative, clean, slash-separated, inside the
// root. All problems are collected.
func checkPaths(paths, roots []string) diag.List {
	var errs diag.List
	for _, p := range paths {
		if msg := pathProblem(p); msg != "" {
			errs.Add(diag.Pos{File: p}, "%s", msg)
		}
	}
	for _, r := range roots {
		if msg := pathProblem(r); msg != "" {
			errs.Add(diag.Pos{File: r}, "output root: %s", msg)
		}
	}
	return errs
}

// pathProblem describes why p cannot be a path inside the root, or returns "".
func pathProblem(p string) string {
	switch {
	case p == "" || p == ".":
		return "empty output path"
	case strings.Contains(p, `\`):
		return "output path must use forward slashes"
	case path.IsAbs(p) || filepath.IsAbs(p) || filepath.VolumeName(p) != "":
		return "output path must be relative to the project root"
	case slices.Contains(strings.Split(p, "/"), ".."):
		return "output path escapes the project root (contains \"..\")"
	case path.Clean(p) != p:
		return "output path is not clean (want " + path.Clean(p) + ")"
	}
	return ""
}
