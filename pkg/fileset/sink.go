package fileset

import (
	"bytes"
	"slices"
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
}

// Vouching is implemented by sinks that can take files the caller vouches for: Vouch, called
// before Plan, names planned paths that will not be put because the caller has just checked that
// the output holds the bytes it generates (the emission cache). Plan then takes them as generated
// files that exist and are up to date, without opening them. A run reuses files only with a sink
// that implements it.
type Vouching interface {
	Vouch(paths []string)
}

// Memory is the Sink that keeps every file in memory (tests, goldens). Vouched holds the paths
// a run vouched for (not put: the output holds them).
type Memory struct {
	Root    string
	Files   FileSet
	Vouched []string
	mu      sync.Mutex
}

// NewMemory returns an empty Memory for the output tree under root.
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

// Vouch implements Vouching.
func (m *Memory) Vouch(paths []string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Vouched = slices.Clone(paths)
}
