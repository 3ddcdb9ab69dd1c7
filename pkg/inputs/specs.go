// Package inputs gathers what a generation reads from the machine: the spec files (served as an
// fs.FS), the hand-written methods of the customizations packages (found with go list and
// go/parser) and the go settings that decide which files go list finds. The CLI calls it and
// hands the values to codegen, which reads nothing itself.
package inputs

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/asogen/asogen/pkg/openapi"
)

// Specs returns the spec files under root (absolute), read from disk, with messages shown
// relative to workDir.
func Specs(root, workDir string) openapi.Specs {
	return openapi.Specs{FS: SpecFS(root), WorkDir: workDir}
}

// SpecFS serves the files under root from disk. Opening a file through a symbolic link that
// leads outside root fails with openapi.ErrLinkOutside: nothing outside the spec root is read.
// Stat and ReadDir follow links (they read no file's bytes).
func SpecFS(root string) fs.FS {
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		real = root
	}
	return specDir{root: root, real: filepath.Clean(real), dir: os.DirFS(root).(dirFS)}
}

// dirFS is what os.DirFS returns.
type dirFS interface {
	fs.StatFS
	fs.ReadDirFS
}

type specDir struct {
	root string
	real string // root with symbolic links resolved
	dir  dirFS
}

func (d specDir) Open(name string) (fs.File, error) {
	if fs.ValidPath(name) {
		if real, err := filepath.EvalSymlinks(filepath.Join(d.root, filepath.FromSlash(name))); err == nil && !openapi.Inside(d.real, real) {
			return nil, &fs.PathError{Op: "open", Path: name, Err: openapi.ErrLinkOutside}
		}
	}
	return d.dir.Open(name)
}

func (d specDir) Stat(name string) (fs.FileInfo, error)      { return d.dir.Stat(name) }
func (d specDir) ReadDir(name string) ([]fs.DirEntry, error) { return d.dir.ReadDir(name) }
