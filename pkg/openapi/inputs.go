package openapi

import (
	"crypto/sha256"
	"errors"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"sort"

	"github.com/asogen/asogen/pkg/config"
)

// Inputs is everything building one group read from the spec roots: the version folders it
// listed and every spec file it read (its folders' files and those its $refs reach), each with
// the SHA-256 of its bytes. Building a group twice with an equal config and equal Inputs gives
// equal packages and kinds, so a caller can keep the result under a key of the two.
type Inputs struct {
	Folders []Folder  // sorted by Dir
	Files   []FileSum // sorted by Path
}

// Folder is a version folder and the spec files (*.json, sorted) it held.
type Folder struct {
	Dir   string
	Files []string
}

// FileSum is one spec file read: its size and modification time (ns) as seen before reading,
// and the SHA-256 of its bytes; Missing when the file did not exist.
type FileSum struct {
	Path    string
	Size    int64
	ModTime int64
	Sum     [sha256.Size]byte
	Missing bool
}

// reads collects what one package's build reads; a package is built on one goroutine.
type reads struct {
	folders map[string][]string
	files   map[string]FileSum
}

func newReads() *reads {
	return &reads{folders: map[string][]string{}, files: map[string]FileSum{}}
}

// file records the outcome of loading path: the document read, or a missing file.
func (r *reads) file(path string, d *document, err error) {
	switch {
	case err == nil:
		r.files[path] = d.read
	case errors.Is(err, errMissing):
		r.files[path] = FileSum{Path: path, Missing: true}
	}
}

// add merges other into r.
func (r *reads) add(other *reads) {
	maps.Copy(r.folders, other.folders)
	maps.Copy(r.files, other.files)
}

// inputs returns what r holds, sorted.
func (r *reads) inputs() *Inputs {
	in := &Inputs{}
	for _, dir := range slices.Sorted(maps.Keys(r.folders)) {
		in.Folders = append(in.Folders, Folder{Dir: dir, Files: r.folders[dir]})
	}
	for _, p := range slices.Sorted(maps.Keys(r.files)) {
		in.Files = append(in.Files, r.files[p])
	}
	return in
}

// loadFile reads a spec file for the package, recording it among the package's inputs.
func (p *pkgBuilder) loadFile(path string) (*document, error) {
	path = filepath.Clean(path)
	d, err := p.load.load(path)
	p.reads.file(path, d, err)
	return d, err
}

// resolve follows a $ref chain, recording every file it reads.
func (p *pkgBuilder) resolve(n node) (node, error) {
	return resolve(n, p.loadFile)
}

// Unchanged reports whether the spec roots of cfg still hold exactly in: the same files in
// every folder and the same bytes in every file. A file whose size and time are those recorded
// is taken as unchanged; any other is read and hashed. The second result is in with the stamps
// of such files brought up to date (in itself when none differed), for the caller to keep. A
// file outside cfg's spec root is never read: in is then reported changed.
func Unchanged(cfg *config.Config, specs Specs, in *Inputs) (bool, *Inputs) {
	l := newLoader(specs, cfg.SpecRoot)
	for _, f := range in.Folders {
		if !slices.Equal(l.jsonFiles(f.Dir), f.Files) {
			return false, in
		}
	}
	fresh := in
	for i, f := range in.Files {
		now, ok := l.restamp(f)
		if !ok {
			return false, in
		}
		if now != f {
			if fresh == in {
				fresh = &Inputs{Folders: in.Folders, Files: slices.Clone(in.Files)}
			}
			fresh.Files[i] = now
		}
	}
	return true, fresh
}

// restamp returns f as the file is now, and whether its content is still f's.
func (l *loader) restamp(f FileSum) (FileSum, bool) {
	if l.confined(f.Path) != "" {
		return f, false
	}
	info, err := l.fs.Stat(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, f.Missing
	}
	if err != nil || f.Missing || !info.Mode().IsRegular() {
		return f, false
	}
	if info.Size() == f.Size && info.ModTime().UnixNano() == f.ModTime {
		return f, true
	}
	raw, err := l.fs.ReadFile(f.Path, l.limit)
	if err != nil || sha256.Sum256(raw) != f.Sum {
		return f, false
	}
	f.Size, f.ModTime = info.Size(), info.ModTime().UnixNano()
	return f, true
}

// jsonFiles lists dir/*.json, clean and sorted, as versionFiles does.
func (l *loader) jsonFiles(dir string) []string {
	names, _ := l.fs.Glob(filepath.Join(dir, "*.json"))
	for i, n := range names {
		names[i] = filepath.Clean(n)
	}
	sort.Strings(names)
	return slices.Compact(names)
}
