package codegen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/asogen/asogen/pkg/fileset"
)

// typeCheck type-checks every generated package with go/types (the runtime and Kubernetes
// packages from export data) and checks every struct's JSON tags: each a name encoding/json
// takes, none twice in one struct. It returns the JSON names of each struct's fields.
func typeCheck(t testing.TB, files fileset.FileSet) map[string][]string {
	fset := token.NewFileSet()
	byPkg := map[string][]*ast.File{}
	for p, content := range files {
		if !strings.HasSuffix(p, ".go") {
			continue // manifests and samples
		}
		f, err := parser.ParseFile(fset, p, content, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("generated file does not parse: %v\n%s", err, content)
		}
		imp := "example.com/names/" + path.Dir(p)
		byPkg[imp] = append(byPkg[imp], f)
	}
	loadRuntime(t, byPkg)
	imp := &genImporter{fset: fset, gen: byPkg, done: map[string]*types.Package{}}
	tags := map[string][]string{}
	for _, p := range slices.Sorted(mapKeys(byPkg)) {
		pkg, err := imp.Import(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		structTags(t, pkg, tags)
	}
	return tags
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// structTags records the JSON names of every struct type of pkg, failing on a bad or repeated one.
func structTags(t testing.TB, pkg *types.Package, tags map[string][]string) {
	for _, name := range pkg.Scope().Names() {
		st, ok := pkg.Scope().Lookup(name).Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		key := pkg.Path() + "." + name
		for i := range st.NumFields() {
			tag, ok := reflect.StructTag(st.Tag(i)).Lookup("json")
			jsonName, _, _ := strings.Cut(tag, ",")
			switch {
			case !ok || st.Field(i).Embedded():
				continue
			case jsonName == "" || slices.Contains(tags[key], jsonName):
				t.Fatalf("%s.%s: JSON name %q empty or repeated", key, st.Field(i).Name(), jsonName)
			}
			tags[key] = append(tags[key], jsonName)
		}
	}
}

// genImporter imports generated packages by type-checking them and anything else from export data.
type genImporter struct {
	fset *token.FileSet
	gen  map[string][]*ast.File
	done map[string]*types.Package
}

func (g *genImporter) Import(p string) (*types.Package, error) {
	if pkg, ok := g.done[p]; ok {
		return pkg, nil
	}
	files, ok := g.gen[p]
	if !ok {
		return runtimePackage(p)
	}
	var errs []string
	conf := types.Config{Importer: g, Error: func(err error) { errs = append(errs, err.Error()) }}
	pkg, _ := conf.Check(p, g.fset, files, nil)
	if len(errs) > 0 {
		return nil, fmt.Errorf("go/types rejects the generated code:\n%s", strings.Join(errs, "\n"))
	}
	g.done[p] = pkg
	return pkg, nil
}

// runtimeTypes holds the packages generated code imports, loaded once per test process.
var runtimeTypes struct {
	sync.Mutex
	pkgs map[string]*types.Package
}

// loadRuntime makes sure every import of the generated files that is not generated has its
// types, loading all of them in one go (one load shares one copy of every dependency).
func loadRuntime(t testing.TB, gen map[string][]*ast.File) {
	runtimeTypes.Lock()
	defer runtimeTypes.Unlock()
	want := map[string]bool{}
	for _, files := range gen {
		for _, f := range files {
			for _, spec := range f.Imports {
				p, _ := strconv.Unquote(spec.Path.Value)
				if _, generated := gen[p]; !generated {
					want[p] = true
				}
			}
		}
	}
	missing := false
	for p := range want {
		if _, ok := runtimeTypes.pkgs[p]; !ok {
			missing = true
		}
	}
	if !missing {
		return
	}
	for p := range runtimeTypes.pkgs {
		want[p] = true
	}
	delete(want, "unsafe")
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps, Dir: moduleRoot(t)}
	loaded, err := packages.Load(cfg, slices.Sorted(mapKeys(want))...)
	if err != nil {
		t.Fatal(err)
	}
	runtimeTypes.pkgs = map[string]*types.Package{"unsafe": types.Unsafe}
	packages.Visit(loaded, nil, func(lp *packages.Package) {
		if lp.Types != nil {
			runtimeTypes.pkgs[lp.PkgPath] = lp.Types
		}
	})
}

// runtimePackage returns a package loadRuntime loaded.
func runtimePackage(p string) (*types.Package, error) {
	runtimeTypes.Lock()
	defer runtimeTypes.Unlock()
	if pkg, ok := runtimeTypes.pkgs[p]; ok {
		return pkg, nil
	}
	return nil, fmt.Errorf("package %s is not loaded", p)
}
