package codegen

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/asogen/asogen/pkg/codegen/fileset"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
)

// nameSpec is a two-version widget spec whose property, definition and enum names come from the
// test: a and b are properties of the flattened "properties" (b holds an object of definition
// def), top is a property of the resource itself, e1 and e2 are the values of an enum property.
type nameSpec struct {
	a, b, top, def, e1, e2 string
}

// json renders the spec; json.Marshal escapes every name, so any string makes a valid document.
func (s nameSpec) json() []byte {
	obj := func(props map[string]any) map[string]any {
		return map[string]any{"type": "object", "properties": props}
	}
	ref := func(def string) map[string]any { return map[string]any{"$ref": "#/definitions/" + escapePointer(def)} }
	doc := map[string]any{
		"swagger": "2.0", "info": map[string]any{"title": "w", "version": "1"},
		"paths": map[string]any{
			"/subscriptions/{s}/resourceGroups/{rg}/providers/Microsoft.Widget/widgets/{name}": map[string]any{
				"put": map[string]any{
					"parameters": []any{map[string]any{"name": "body", "in": "body", "schema": ref("Widget")}},
					"responses":  map[string]any{"200": map[string]any{"description": "OK", "schema": ref("Widget")}},
				},
			},
		},
		"definitions": map[string]any{
			"Widget": obj(map[string]any{
				"location":   map[string]any{"type": "string"},
				s.top:        map[string]any{"type": "integer"},
				"properties": map[string]any{"$ref": "#/definitions/WidgetProperties", "x-ms-client-flatten": true},
			}),
			"WidgetProperties": obj(map[string]any{
				s.a:     map[string]any{"type": "string"},
				s.b:     ref(s.def),
				"shade": map[string]any{"type": "string", "enum": []string{s.e1, s.e2}, "x-ms-enum": map[string]any{"name": "Shade"}},
			}),
			s.def: obj(map[string]any{"size": map[string]any{"type": "integer"}}),
		},
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		panic(err)
	}
	return out
}

func escapePointer(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

const nameConfig = `module: example.com/names
specRoot: .
groups:
  - name: widget
    path: spec
resources:
  - group: widget
    kind: Widget
    versions: ["2024-01-01", "2024-06-01"]
`

// generateNames writes the spec into a new folder and generates it in memory.
func generateNames(t testing.TB, s nameSpec, dir string, directives ...string) (fileset.FileSet, error) {
	for _, v := range []string{"2024-01-01", "2024-06-01"} {
		folder := filepath.Join(dir, "spec", "stable", v)
		if err := os.MkdirAll(folder, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(folder, "widgets.json"), s.json(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	conf := nameConfig
	if len(directives) > 0 {
		conf += "directives:\n" + strings.Join(directives, "\n") + "\n"
	}
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	out := fileset.NewMemory(cfg.Dir)
	if _, err := Generate(cfg, out); err != nil {
		return nil, err
	}
	return out.Files, nil
}

// checkPositioned fails unless err is a list of positioned problems of the input.
func checkPositioned(t testing.TB, err error) {
	var list diag.List
	if !errors.As(err, &list) || list.Internal() {
		t.Fatalf("not a list of input problems: %v", err)
	}
	for _, e := range list {
		if e.Pos.File == "" || e.Pos.Line == 0 {
			t.Fatalf("problem without a position: %v", e)
		}
	}
}

// typeCheck type-checks every generated package with go/types (the runtime and Kubernetes
// packages from export data) and checks every struct's JSON tags: each a name encoding/json
// takes, none twice in one struct. It returns the JSON names of each struct's fields.
func typeCheck(t testing.TB, files fileset.FileSet) map[string][]string {
	fset := token.NewFileSet()
	byPkg := map[string][]*ast.File{}
	for p, content := range files {
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
	pkg, _ := conf.Check(p, g.fset, append(slices.Clip(files), deepCopyStubs(g.fset, files)), nil)
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

// deepCopyStubs stands in for controller-gen's deepcopy output, which generation leaves to
// controller-gen: DeepCopyObject on every type embedding metav1.TypeMeta (resources and lists).
func deepCopyStubs(fset *token.FileSet, files []*ast.File) *ast.File {
	src := "package " + files[0].Name.Name + "\n\nimport deepcopyruntime \"k8s.io/apimachinery/pkg/runtime\"\n\n" +
		"var _ deepcopyruntime.Object\n"
	for _, f := range files {
		for _, d := range f.Decls {
			if name, ok := embedsTypeMeta(d); ok {
				src += "func (in *" + name + ") DeepCopyObject() deepcopyruntime.Object { return in }\n"
			}
		}
	}
	f, err := parser.ParseFile(fset, "zz_generated.deepcopy.go", src, 0)
	if err != nil {
		panic(err)
	}
	return f
}

func embedsTypeMeta(d ast.Decl) (string, bool) {
	gd, ok := d.(*ast.GenDecl)
	if !ok || gd.Tok != token.TYPE {
		return "", false
	}
	ts := gd.Specs[0].(*ast.TypeSpec)
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		return "", false
	}
	for _, f := range st.Fields.List {
		if sel, ok := f.Type.(*ast.SelectorExpr); ok && len(f.Names) == 0 && sel.Sel.Name == "TypeMeta" {
			return ts.Name.Name, true
		}
	}
	return "", false
}

// TestNamesCompileOrFail: property names whose Go names collide, non-ASCII and punctuation give
// code go/types accepts, with every spec JSON name kept and each Go name the same in the API,
// storage and ARM structs; names no struct tag can carry, and properties with the JSON name of a
// field asogen adds, are positioned errors naming the prune directive.
func TestNamesCompileOrFail(t *testing.T) {
	cases := []struct {
		name string
		spec nameSpec
		err  string // "" when generation must succeed
	}{
		{"snake and camel", nameSpec{a: "foo_bar", b: "fooBar", top: "x", def: "Gear", e1: "a b", e2: "a_b"}, ""},
		{"type and Type", nameSpec{a: "type", b: "Type", top: "x", def: "Gear", e1: "x", e2: "X"}, ""},
		{"non-ASCII", nameSpec{a: "ünicode", b: "中文", top: "x", def: "Zahnrädchen", e1: "é", e2: "e"}, ""},
		{"reserved Go names", nameSpec{a: "propertyBag", b: "Owner", top: "Conditions", def: "Gear", e1: "x", e2: "y"}, ""},
		{"backtick", nameSpec{a: "a`b", b: "b", top: "x", def: "Gear", e1: "x", e2: "y"},
			"property name \"a`b\" of widget/2024-01-01 WidgetProperties cannot be a Go struct tag's JSON name"},
		{"quote", nameSpec{a: `a"b`, b: "b", top: "x", def: "Gear", e1: "x", e2: "y"},
			`match: "widget/2024-01-01:WidgetProperties.a\"b"`},
		{"azureName", nameSpec{a: "a", b: "b", top: "azureName", def: "Gear", e1: "x", e2: "y"},
			`property "azureName" of widget/2024-01-01 Widget has the JSON name of the field AzureName`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files, err := generateNames(t, c.spec, t.TempDir())
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "action: prune") {
					t.Fatalf("error:\n%v\nwant %q", err, c.err)
				}
				checkPositioned(t, err)
				files, err := generateNames(t, c.spec, t.TempDir(), suggested.FindAllString(err.Error(), -1)...)
				if err != nil {
					t.Fatalf("with the suggested directives: %v", err)
				}
				typeCheck(t, files)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			checkNames(t, c.spec, typeCheck(t, files))
		})
	}
}

// suggested finds the directives an error message suggests.
var suggested = regexp.MustCompile(`  - match: .*\n    action: prune`)

// checkNames: the spec's JSON names are in the Kubernetes and ARM structs as they were written.
func checkNames(t *testing.T, s nameSpec, tags map[string][]string) {
	api := "example.com/names/v2/api/widget/v1api20240101."
	for st, want := range map[string][]string{
		api + "Widget_Spec": {s.a, s.b, s.top, "azureName", "owner"},
		"example.com/names/v2/api/widget/v1api20240101/storage.Widget_Spec": {s.a, s.b, s.top, "$propertyBag"},
		api + "Widget_Spec_ARM":            {s.top, "properties"},
		api + "Widget_Spec_Properties_ARM": {s.a, s.b},
	} {
		for _, name := range want {
			if !slices.Contains(tags[st], name) {
				t.Errorf("%s lacks JSON name %s (has %s)", st, strconv.Quote(name), tags[st])
			}
		}
	}
}

// FuzzNames: any property, definition or enum name either gives code go/types accepts, with
// valid and distinct JSON names in every struct, or a list of positioned input problems.
// go test -run '^$' -fuzz '^FuzzNames$' -fuzztime 5m ./pkg/codegen/
func FuzzNames(f *testing.F) {
	f.Add("foo_bar", "fooBar", "x", "Gear", "a b", "a_b")
	f.Add("type", "Type", "Conditions", "Zahnrädchen", "é", "e")
	f.Add("a`b", `c"d`, "azureName", "a/b~c", "", "1")
	f.Add("owner", "propertyBag", "properties", "Widget", "x", "x")
	// Load the runtime packages' types once per process, before fuzzing starts.
	files, err := generateNames(f, nameSpec{a: "a", b: "b", top: "x", def: "Gear", e1: "x", e2: "y"}, f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	typeCheck(f, files)
	f.Fuzz(func(t *testing.T, a, b, top, def, e1, e2 string) {
		s := nameSpec{a: a, b: b, top: top, def: def, e1: e1, e2: e2}
		files, err := generateNames(t, s, t.TempDir())
		if err != nil {
			checkPositioned(t, err)
			return
		}
		typeCheck(t, files)
	})
}
