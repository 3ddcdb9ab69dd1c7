package fileset

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
)

// Sink receives the generated files of one run as they are produced, without the run ever
// holding all of them. The run calls Plan once, before the first file, with every path it will
// produce (sorted) and the output roots scanned for stale files: everything that can refuse the
// run is checked there, so a refused run writes nothing. It then calls Put or Unchanged once per
// planned path, from parallel workers: implementations are safe for concurrent use.
type Sink interface {
	Plan(paths, roots []string) error
	// Put hands over the content of one generated file. content is only valid during the call
	// (emission prints every file into a reused buffer): a sink that keeps it keeps a copy.
	Put(path string, content []byte) error
	// Unchanged says the disk already holds exactly the bytes Put would hand over for path
	// (the emission cache proved it).
	Unchanged(path string) error
}

// Vouching is implemented by sinks that can skip looking at files the caller vouches for: Vouch,
// called before Plan, names planned paths that will arrive as Unchanged because the caller has
// just checked that they hold the bytes it generates (the emission cache). Plan then takes them
// as generated files that exist, without opening them.
type Vouching interface {
	Vouch(paths []string)
}

// Memory is the Sink that keeps every file in memory (tests, goldens). The content of an
// Unchanged path is read from Root, which holds it.
type Memory struct {
	Root  string
	Files FileSet
	mu    sync.Mutex
}

// NewMemory returns an empty Memory reading unchanged files from root.
func NewMemory(root string) *Memory {
	return &Memory{Root: root, Files: FileSet{}}
}

// Plan implements Sink; a Memory refuses nothing.
func (m *Memory) Plan(paths, roots []string) error { return nil }

// Put implements Sink.
func (m *Memory) Put(p string, content []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Files[p] = bytes.Clone(content)
	return nil
}

// Unchanged implements Sink by reading the file from Root.
func (m *Memory) Unchanged(p string) error {
	content, err := os.ReadFile(filepath.Join(m.Root, filepath.FromSlash(p)))
	if err != nil {
		return err
	}
	return m.Put(p, content)
}
