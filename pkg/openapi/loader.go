package openapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"sync"

	"github.com/asogen/asogen/pkg/diag"
	openapi "github.com/go-openapi/spec"
)

// document is one parsed spec file. Its bytes are not kept: the rare message that needs a line
// and column reads the file again (position).
type document struct {
	path       string                     // absolute
	name       string                     // for messages: relative to the config folder when inside it
	defs       map[string]*openapi.Schema // the definitions, each at a fixed address for nodes
	Parameters map[string]openapi.Parameter
	puts       map[string]*openapi.Operation
	read       FileSum // the file as read: size and time before reading, SHA-256 of the bytes
}

// swagger holds the parts of a Swagger 2.0 document the reader uses: only PUT operations are decoded.
type swagger struct {
	Paths       map[string]map[string]json.RawMessage `json:"paths"`
	Definitions map[string]openapi.Schema             `json:"definitions"`
	Parameters  map[string]openapi.Parameter          `json:"parameters"`
	defs        map[string]*openapi.Schema            // decodeFast's definitions, instead of Definitions
	puts        map[string]*openapi.Operation         // by path
}

// definitions returns the definitions by name, each at its own address.
func (sw *swagger) definitions() map[string]*openapi.Schema {
	if sw.defs != nil || sw.Definitions == nil {
		return sw.defs
	}
	defs := make(map[string]*openapi.Schema, len(sw.Definitions))
	for name, def := range sw.Definitions {
		defs[name] = &def
	}
	return defs
}

// loader parses each spec file once and keeps it while a package being built may read it
// (see release). Packages are built in parallel: mu guards the maps.
type loader struct {
	dir     string // working folder, for display names
	fs      rootFS
	roots   []string // the spec roots: no file outside them is read (confine.go)
	limit   int64    // the largest spec file read
	mu      sync.Mutex
	files   map[string]*document
	errs    map[string]error
	pending map[string]int // version folder → packages still to build that read it
}

// Specs is where the spec files come from: FS holds the files of the spec root (paths relative
// to it; the CLI serves the disk, tests memory), WorkDir is the folder messages show paths
// relative to ("": absolute). The reader opens nothing else.
type Specs struct {
	FS      fs.FS
	WorkDir string
}

// ErrLinkOutside is the error (wrapped) of a spec file system refusing to open a file through a
// symbolic link that leads outside its root.
var ErrLinkOutside = errors.New("a symbolic link leads outside the spec root")

// newLoader returns a loader reading the spec files under root (absolute: the paths the reader
// builds and records) from specs.
func newLoader(specs Specs, root string) *loader {
	root = filepath.Clean(root)
	return &loader{dir: specs.WorkDir, fs: rootFS{root: root, fsys: specs.FS}, roots: []string{root}, limit: MaxSpecFileSize,
		files: map[string]*document{}, errs: map[string]error{}, pending: map[string]int{}}
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
	if r, ok := l.cached(path); ok {
		return r.doc, r.err
	}
	d, err := l.parseFile(path, l.displayName(path))
	return l.store(path, parsed{doc: d, err: err})
}

func (l *loader) cached(path string) (parsed, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if d, ok := l.files[path]; ok {
		return parsed{doc: d}, true
	}
	if err, ok := l.errs[path]; ok {
		return parsed{err: err}, true
	}
	return parsed{}, false
}

// store caches what parsing path gave, unless a result is cached already (another package's
// build or the prefetcher got there first): the first stays, so while a file is cached every
// reader sees the same document. It returns the cached result.
func (l *loader) store(path string, r parsed) (*document, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if d, ok := l.files[path]; ok {
		return d, nil
	}
	if err, ok := l.errs[path]; ok {
		return nil, err
	}
	if r.err != nil {
		l.errs[path] = r.err
	} else {
		l.files[path] = r.doc
	}
	return r.doc, r.err
}

// errMissing marks a spec file that does not exist.
var errMissing = errors.New("spec file does not exist")

// parseFile reads and parses one spec file, refusing (refusedError) any file outside the spec
// roots, not regular or too big.
func (l *loader) parseFile(path, name string) (*document, error) {
	if reason := l.confined(path); reason != "" {
		return nil, &refusedError{name: name, reason: reason}
	}
	info, statErr := l.fs.Stat(path) // before reading: a change after it shows as another stamp
	raw, err := l.fs.ReadFile(path, l.limit)
	var refused *refusedError
	if errors.As(err, &refused) {
		return nil, &refusedError{name: name, reason: refused.reason}
	}
	if errors.Is(err, ErrLinkOutside) {
		return nil, &refusedError{name: name, reason: "a symbolic link leads outside specRoot " + l.displayName(l.roots[0])}
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errMissing
	}
	if err != nil { // an I/O failure, not a problem of the spec (exit 3)
		return nil, fmt.Errorf("cannot read spec %s: %w", name, err)
	}
	d, err := parseDocument(path, name, raw)
	if err == nil {
		d.read = FileSum{Path: path, Sum: sha256.Sum256(raw)}
		if statErr == nil {
			d.read.Size, d.read.ModTime = info.Size(), info.ModTime().UnixNano()
		}
	}
	return d, err
}

// parseDocument decodes a Swagger 2.0 document, reporting malformed JSON with its line and column.
// decodeFast takes nearly every document; what it leaves is decoded by encoding/json and
// go-openapi, which also report every error.
func parseDocument(path, name string, raw []byte) (*document, error) {
	sw, ok := decodeFast(raw)
	if !ok {
		var err error
		if sw, err = decodeLibrary(name, raw); err != nil {
			return nil, err
		}
	}
	return &document{path: path, name: name, defs: sw.definitions(), Parameters: sw.Parameters, puts: sw.puts}, nil
}

// decodeLibrary decodes a document with json.Unmarshal into go-openapi's types, then its PUT
// operations in path order.
func decodeLibrary(name string, raw []byte) (swagger, error) {
	var sw swagger
	if err := jsonError(name, raw, json.Unmarshal(raw, &sw)); err != nil {
		return sw, err
	}
	sw.puts = map[string]*openapi.Operation{}
	for _, p := range slices.Sorted(maps.Keys(sw.Paths)) {
		put, ok := sw.Paths[p]["put"]
		if !ok {
			continue
		}
		op := &openapi.Operation{}
		if err := jsonError(name, raw, json.Unmarshal(put, op)); err != nil {
			return sw, err
		}
		sw.puts[p] = op
	}
	sw.Paths = nil
	return sw, nil
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
