package openapi

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/diag"
)

// MaxSpecFileSize is the largest spec file asogen reads (the biggest ARM spec is a few MB).
const MaxSpecFileSize = 64 << 20

// refusedError is a spec file asogen will not open: outside the spec roots, not a regular file,
// or too big. A $ref that leads there is reported at the $ref (refFailed).
type refusedError struct {
	name   string // for messages
	reason string
}

func (e *refusedError) Error() string {
	return fmt.Sprintf("spec file %s is not read: %s", e.name, e.reason)
}

// asDiag positions the refusal at the file itself, for a file no $ref asked for.
func (e *refusedError) asDiag() error {
	return diag.Errorf(diag.Pos{File: e.name}, "%s", e.Error())
}

// remoteOrAbsolute says why the file part of a $ref is refused before any path is built: only
// relative paths to files under the spec roots are followed.
func remoteOrAbsolute(filePart string) string {
	if scheme, _, ok := strings.Cut(filePart, "://"); ok && !strings.ContainsAny(scheme, "/\\") {
		return fmt.Sprintf("remote $ref (%s:) is never fetched; asogen reads only files under specRoot: "+
			"copy the file there and refer to it by a relative path", scheme)
	}
	if filepath.IsAbs(filepath.FromSlash(filePart)) || strings.HasPrefix(filePart, "/") {
		return "absolute $ref path; asogen reads only files under specRoot: use a path relative to the referring file"
	}
	return ""
}

// confined returns why path may not be read, or "": it must lie under a spec root as written
// (the spec file system refuses a symbolic link leading out: ErrLinkOutside).
func (l *loader) confined(path string) string {
	if !under(l.roots, path) {
		return "it is outside specRoot " + l.displayName(l.roots[0])
	}
	return ""
}

// under reports whether path is one of roots or inside one.
func under(roots []string, path string) bool {
	return slices.ContainsFunc(roots, func(r string) bool { return Inside(r, path) })
}

// Inside reports whether path is root or lies under it (both cleaned, the same kind of path).
func Inside(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// rootFS serves the absolute paths under root from fsys, which holds root's files.
type rootFS struct {
	root string
	fsys fs.FS
}

// name is path's name in fsys; a path outside root does not exist there.
func (r rootFS) name(path string) (string, error) {
	rel, err := filepath.Rel(r.root, path)
	name := filepath.ToSlash(rel)
	if err != nil || !fs.ValidPath(name) {
		return "", &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	}
	return name, nil
}

func (r rootFS) Stat(path string) (fs.FileInfo, error) {
	name, err := r.name(path)
	if err != nil {
		return nil, err
	}
	return fs.Stat(r.fsys, name)
}

// Glob returns the absolute paths matching pattern (absolute, under root).
func (r rootFS) Glob(pattern string) ([]string, error) {
	name, err := r.name(pattern)
	if err != nil {
		return nil, nil
	}
	names, err := fs.Glob(r.fsys, name)
	for i, n := range names {
		names[i] = filepath.Join(r.root, filepath.FromSlash(n))
	}
	return names, err
}

// ReadFile reads a regular file of at most limit bytes; anything else is a refusedError
// (reason only; the caller names the file) or the I/O error.
// The file is looked at before it is opened, since opening a FIFO would block.
func (r rootFS) ReadFile(path string, limit int64) ([]byte, error) {
	info, err := r.Stat(path)
	if err != nil {
		return nil, err
	}
	if reason := notReadable(info, limit); reason != "" {
		return nil, &refusedError{reason: reason}
	}
	name, _ := r.name(path)
	f, err := r.fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err = f.Stat(); err != nil {
		return nil, err
	}
	if reason := notReadable(info, limit); reason != "" {
		return nil, &refusedError{reason: reason}
	}
	var buf bytes.Buffer
	buf.Grow(int(min(info.Size(), limit)) + bytes.MinRead) // one allocation, as os.ReadFile
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > limit { // grew since Stat
		return nil, &refusedError{reason: tooBig(limit)}
	}
	return buf.Bytes(), nil
}

// notReadable says why a file with this info is not read, or "".
func notReadable(info fs.FileInfo, limit int64) string {
	switch {
	case info.IsDir():
		return "it is a folder"
	case !info.Mode().IsRegular():
		return fmt.Sprintf("it is not a regular file (%s)", info.Mode().Type())
	case info.Size() > limit:
		return tooBig(limit)
	}
	return ""
}

func tooBig(limit int64) string {
	return fmt.Sprintf("it is larger than the %d MiB limit for a spec file", limit>>20)
}
