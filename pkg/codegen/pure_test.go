package codegen

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/fileset"
	"github.com/asogen/asogen/pkg/openapi"
)

// TestGenerateFromMemoryWithEmptyEnvironment runs Generate on the project's config with its
// specs in an fstest.MapFS, every environment variable a process could consult emptied and the
// working folder an empty one: the files equal those of a run reading the disk.
func TestGenerateFromMemoryWithEmptyEnvironment(t *testing.T) {
	cfg, err := config.Load(filepath.Join(moduleRoot(t), "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	want := generateInMemory(t, cfg)
	in := diskInputs(cfg, Options{}) // the hand-written methods, found before the environment goes
	in.Specs = openapi.Specs{FS: memoryTree(t, cfg.SpecRoot)}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		t.Setenv(name, "")
	}
	t.Chdir(t.TempDir())
	sink := fileset.NewMemory("")
	if _, err := Generate(context.Background(), in, sink); err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(sink.Files, want, bytes.Equal) {
		t.Errorf("%d files from memory, %d from disk, or their bytes differ", len(sink.Files), len(want))
	}
}

// TestGenerateStopsWhenCanceled: a canceled context ends the run before any file, with its error.
func TestGenerateStopsWhenCanceled(t *testing.T) {
	t.Parallel()
	cfg, err := config.Load(filepath.Join(moduleRoot(t), "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sink := fileset.NewMemory("")
	if _, err := Generate(ctx, diskInputs(cfg, Options{}), sink); err != context.Canceled || len(sink.Files) != 0 {
		t.Errorf("err = %v, %d files", err, len(sink.Files))
	}
}

// memoryTree copies the files under root into memory.
func memoryTree(t *testing.T, root string) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// corePackages are the folders of the pure core, relative to the module root, and the files in
// them that belong to commands rather than to generation. Scaffold and hub migration
// (pkg/scaffold, pkg/migrate) are commands that write hand-written files, not
// generation, and are not listed.
var corePackages = map[string][]string{
	"pkg/codegen":            nil,
	"pkg/codegen/deepcopy":   nil,
	"pkg/codegen/crd":        nil,
	"pkg/codegen/emit":       nil,
	"pkg/codegen/gen":        nil,
	"pkg/codegen/gofile":     nil,
	"pkg/codegen/manifests":  nil,
	"pkg/codegen/wiringemit": nil,
	"pkg/openapi":            nil,
	"pkg/astmodel":           nil,
	"pkg/wiring":             nil,
	"pkg/kubemarkers":        nil,
	"pkg/incremental":        nil, // the decorator reads and writes only through its Cache
}

// forbidden are the imports and package-level calls that read the machine: the environment,
// the working folder, files, processes.
var (
	forbiddenImports = []string{"os/exec", "golang.org/x/tools/go/packages", "syscall"}
	forbiddenCalls   = map[string][]string{
		"os": {"Getenv", "LookupEnv", "Environ", "Getwd", "Chdir", "ReadFile", "WriteFile", "Open", "OpenFile",
			"Create", "CreateTemp", "ReadDir", "Stat", "Lstat", "Mkdir", "MkdirAll", "Remove", "RemoveAll",
			"Rename", "DirFS", "OpenRoot", "Executable", "UserCacheDir", "UserHomeDir", "Hostname"},
		"filepath": {"Glob", "Walk", "WalkDir", "EvalSymlinks", "Abs"},
	}
)

// TestCoreReadsNothing parses the core's source: no file imports os/exec (or go/packages) or
// calls a function that reads the environment, the working folder or a file.
func TestCoreReadsNothing(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	for dir, skip := range corePackages {
		names, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*.go"))
		if err != nil || len(names) == 0 {
			t.Fatalf("%s: %v", dir, err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") || slices.Contains(skip, filepath.Base(name)) {
				continue
			}
			for _, problem := range machineReads(t, name) {
				t.Errorf("%s/%s: %s", dir, filepath.Base(name), problem)
			}
		}
	}
}

// machineReads lists the forbidden imports and calls of one file.
func machineReads(t *testing.T, name string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	local := map[string]string{} // name in the file → forbiddenCalls key
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if slices.Contains(forbiddenImports, p) {
			out = append(out, "imports "+p)
		}
		if key := filepath.Base(p); forbiddenCalls[key] != nil && (p == "os" || p == "path/filepath") {
			local[importName(imp, key)] = key
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && slices.Contains(forbiddenCalls[local[id.Name]], sel.Sel.Name) {
			out = append(out, "uses "+local[id.Name]+"."+sel.Sel.Name)
		}
		return true
	})
	return out
}

func importName(imp *ast.ImportSpec, base string) string {
	if imp.Name != nil {
		return imp.Name.Name
	}
	return base
}
