package openapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/diag"
	openapi "github.com/go-openapi/spec"
)

// document is one parsed spec file.
type document struct {
	path string // absolute
	name string // for messages: relative to the config folder when inside it
	raw  []byte
	swagger
}

// swagger holds the parts of a Swagger 2.0 document the reader uses: only PUT operations are decoded.
type swagger struct {
	Paths       map[string]map[string]json.RawMessage `json:"paths"`
	Definitions map[string]openapi.Schema             `json:"definitions"`
	Parameters  map[string]openapi.Parameter          `json:"parameters"`
	puts        map[string]*openapi.Operation
}

// loader parses each spec file once and keeps it.
type loader struct {
	dir   string // working folder, for display names
	fs    specFS
	files map[string]*document
	errs  map[string]error
}

// specFS is where spec files come from: the operating system, or memory in the fuzz test.
type specFS interface {
	ReadFile(path string) ([]byte, error)
	Glob(pattern string) ([]string, error)
	Stat(path string) (fs.FileInfo, error)
}

// osFS reads spec files from disk.
type osFS struct{}

func (osFS) ReadFile(path string) ([]byte, error)  { return os.ReadFile(path) }
func (osFS) Glob(pattern string) ([]string, error) { return filepath.Glob(pattern) }
func (osFS) Stat(path string) (fs.FileInfo, error) { return os.Stat(path) }

func newLoader() *loader {
	wd, _ := os.Getwd()
	return newLoaderIn(wd, osFS{})
}

func newLoaderIn(dir string, fsys specFS) *loader {
	return &loader{dir: dir, fs: fsys, files: map[string]*document{}, errs: map[string]error{}}
}

// displayName shows a path relative to the working folder, like the config path on the command
// line, or absolute when that is not possible.
func (l *loader) displayName(path string) string {
	if l.dir == "" {
		return path
	}
	rel, err := filepath.Rel(l.dir, path)
	if err != nil {
		return path
	}
	return filepath.ToSlash(rel)
}

// load returns the parsed file, reading and parsing it on first use.
func (l *loader) load(path string) (*document, error) {
	path = filepath.Clean(path)
	if d, ok := l.files[path]; ok {
		return d, nil
	}
	if err, ok := l.errs[path]; ok {
		return nil, err
	}
	d, err := l.parseFile(path, l.displayName(path))
	if err != nil {
		l.errs[path] = err
		return nil, err
	}
	l.files[path] = d
	return d, nil
}

// preload reads and parses the files of paths not loaded yet on parallel workers (decoding
// JSON is most of the reader's time) and caches them as load would, one by one.
func (l *loader) preload(paths []string) {
	var todo []string
	for _, p := range paths {
		p = filepath.Clean(p)
		_, done := l.files[p]
		_, failed := l.errs[p]
		if !done && !failed && !slices.Contains(todo, p) {
			todo = append(todo, p)
		}
	}
	docs := make([]*document, len(todo))
	errs := make([]error, len(todo))
	parallel.Do(len(todo), 0, func(i int) {
		docs[i], errs[i] = l.parseFile(todo[i], l.displayName(todo[i]))
	})
	for i, p := range todo {
		if errs[i] != nil {
			l.errs[p] = errs[i]
		} else {
			l.files[p] = docs[i]
		}
	}
}

// errMissing marks a spec file that does not exist.
var errMissing = errors.New("spec file does not exist")

func (l *loader) parseFile(path, name string) (*document, error) {
	raw, err := l.fs.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, errMissing
	}
	if err != nil {
		return nil, diag.Errorf(diag.Pos{File: name}, "cannot read spec: %v", err)
	}
	return parseDocument(path, name, raw)
}

// parseDocument decodes a Swagger 2.0 document, reporting malformed JSON with its line and column.
func parseDocument(path, name string, raw []byte) (*document, error) {
	d := &document{path: path, name: name, raw: raw}
	if err := jsonError(name, raw, json.Unmarshal(raw, &d.swagger)); err != nil {
		return nil, err
	}
	d.puts = map[string]*openapi.Operation{}
	for _, p := range slices.Sorted(maps.Keys(d.Paths)) {
		put, ok := d.Paths[p]["put"]
		if !ok {
			continue
		}
		op := &openapi.Operation{}
		if err := jsonError(name, raw, json.Unmarshal(put, op)); err != nil {
			return nil, err
		}
		d.puts[p] = op
	}
	return d, nil
}

// jsonError reports a decoding error with a position where encoding/json gives one.
func jsonError(name string, raw []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &syn):
		return diag.Errorf(posAt(name, raw, syn.Offset), "malformed JSON: %v", syn)
	case errors.As(err, &typ):
		return diag.Errorf(posAt(name, raw, typ.Offset), "malformed spec: %s must not be a JSON %s", orDocument(typ.Field), typ.Value)
	}
	return diag.Errorf(diag.Pos{File: name, Line: 1, Col: 1}, "malformed spec: %v", err)
}

func orDocument(field string) string {
	if field == "" {
		return "the document"
	}
	return field
}

// posAt turns a byte offset into a 1-based line and column.
func posAt(name string, raw []byte, offset int64) diag.Pos {
	if offset > int64(len(raw)) {
		offset = int64(len(raw))
	}
	if offset < 0 {
		offset = 0
	}
	before := raw[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(offset) - bytes.LastIndexByte(before, '\n')
	return diag.Pos{File: name, Line: line, Col: col}
}
