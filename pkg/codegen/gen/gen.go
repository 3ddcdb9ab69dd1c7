// Package gen is the contract every emitter of generated files implements: a Generator lists
// the files it produces for a model, each a path and a function that renders its bytes. pkg/codegen
// plans the union of every generator's files and renders them in one shared loop.
package gen

import (
	"bytes"

	"github.com/asogen/asogen/pkg/astmodel"
)

// Generator produces one kind of generated file (API types, wiring, manifests, samples).
type Generator interface {
	// Name names the generator in messages.
	Name() string
	// Files lists the files of the groups emit selects, and the files of no group (such as the
	// registry), grouped into batches; listing builds no code. emit is never nil.
	Files(m *astmodel.Model, emit func(group string) bool) ([]Batch, error)
}

// File is one generated file: its path (slash-separated, relative to the project root), the
// group whose unit it belongs to ("" for a file written on every run, such as the registry) and
// how to render it. Render appends the file's bytes to buf.
type File struct {
	Path   string
	Group  string
	Render func(buf *bytes.Buffer) error
}

// Batch is files that share state while they are rendered (an API package's emitter): they are
// rendered in order, on one worker. Batches are rendered in parallel.
type Batch []File
