package codegen

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/fileset"
)

// nameSpec is a two-version widget spec whose property, definition and enum names come from the
// test: a and b are properties of the flattened "properties" (b holds an object of definition
// def), top is a property of the resource itself, e1 and e2 are the values of an enum property.
type nameSpec struct {
	a, b, top, def, e1, e2 string
	older                  *nameSpec // the spec of the older version, when it differs
	container              string    // the JSON name of the flattened container, "properties" when ""
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
				"location":                        map[string]any{"type": "string"},
				s.top:                             map[string]any{"type": "integer"},
				cmp.Or(s.container, "properties"): map[string]any{"$ref": "#/definitions/WidgetProperties", "x-ms-client-flatten": true},
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

func (s *nameSpec) withoutOlder() nameSpec {
	out := *s
	out.older = nil
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
	for v, spec := range map[string]nameSpec{"2024-01-01": cmp.Or(s.older, &s).withoutOlder(), "2024-06-01": s} {
		folder := filepath.Join(dir, "spec", "stable", v)
		if err := os.MkdirAll(folder, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(folder, "widgets.json"), spec.json(), 0o644); err != nil {
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
	if _, err := Generate(context.Background(), diskInputs(cfg, Options{}), out); err != nil {
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

// TestNamesCompileOrFail: property names whose Go names collide, non-ASCII and punctuation give
// code go/types accepts, with every spec JSON name kept and each Go name the same in the API,
// storage and ARM structs; names no struct tag can carry, and properties with the JSON name of a
// field asogen adds, are positioned errors naming the prune directive.
func TestNamesCompileOrFail(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		spec nameSpec
		err  string // "" when generation must succeed
	}{
		{"snake and camel", nameSpec{a: "foo_bar", b: "fooBar", top: "x", def: "Gear", e1: "a b", e2: "a_b"}, ""},
		{"type and Type", nameSpec{a: "type", b: "Type", top: "x", def: "Gear", e1: "x", e2: "X"}, ""},
		{"non-ASCII", nameSpec{a: "ünicode", b: "中文", top: "x", def: "Zahnrädchen", e1: "é", e2: "e"}, ""},
		{"enum values named like types", nameSpec{a: "a", b: "b", top: "x", def: "Gear", e1: "STATUS", e2: "Spec"}, ""},
		{"names of generated methods", nameSpec{a: "deepCopy", b: "deepCopyInto", top: "marshalJSON", def: "Gear", e1: "x", e2: "y"}, ""},
		{"container named like a method", nameSpec{a: "a", b: "b", top: "x", def: "Gear", e1: "x", e2: "y", container: "deepCopy"}, ""},
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
	container := cmp.Or(s.container, "properties")
	nesting := map[string]string{"properties": "Properties", "deepCopy": "DeepCopy2"}[container] // its struct's name
	for st, want := range map[string][]string{
		api + "Widget_Spec": {s.a, s.b, s.top, "azureName", "owner"},
		"example.com/names/v2/api/widget/v1api20240101/storage.Widget_Spec": {s.a, s.b, s.top, "$propertyBag"},
		api + "Widget_Spec_ARM":                 {s.top, container},
		api + "Widget_Spec_" + nesting + "_ARM": {s.a, s.b},
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

// TestConversionPairsByJSONName: versions with different sets of colliding names number a
// property differently (foo_bar is FooBar2 in the older version, beside fooBar, and FooBar in
// the hub); the conversion still pairs the properties of one JSON name, never two that only
// share a Go name.
func TestConversionPairsByJSONName(t *testing.T) {
	t.Parallel()
	older := nameSpec{a: "foo_bar", b: "fooBar", top: "x", def: "Gear", e1: "x", e2: "y"}
	hub := nameSpec{a: "foo_bar", b: "other", top: "x", def: "Gear", e1: "x", e2: "y", older: &older}
	files, err := generateNames(t, hub, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	typeCheck(t, files)
	conv := string(files["v2/api/widget/v1api20240101/widget_conversion_gen.go"])
	for _, want := range []string{"destination.FooBar = genruntime.ClonePointer(obj.FooBar2)",
		"obj.FooBar2 = genruntime.ClonePointer(source.FooBar)", `propertyBag.Add("FooBar", obj.FooBar)`} {
		if !strings.Contains(conv, want) {
			t.Errorf("conversion lacks %q:\n%s", want, conv)
		}
	}
}
