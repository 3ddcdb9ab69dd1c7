package openapi

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

func fixtureDir(name string) string {
	return filepath.Join("..", "..", "testdata", "specs", name)
}

func buildFixture(t *testing.T, name string) (*astmodel.Model, error) {
	t.Helper()
	cfg, err := config.Load(filepath.Join(fixtureDir(name), "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return buildDisk(cfg)
}

// TestBadInput checks that each kind of bad spec input gives its own clear, positioned error.
func TestBadInput(t *testing.T) {
	t.Parallel()
	spec := filepath.ToSlash(fixtureDir("%s")) + "/spec/stable/2024-01-01/widgets.json"
	conf := filepath.ToSlash(fixtureDir("%s")) + "/config.yaml"
	cases := []struct{ name, pos, msg string }{
		{"missingfile", spec + ":47:19", `cannot resolve $ref "./gears.json#/definitions/Gear" needed by widget/2024-01-01 WidgetProperties.gear: spec file ` +
			strings.ReplaceAll(spec, "widgets.json", "gears.json") + ` does not exist (JSON pointer /definitions/Gear)`},
		{"brokenref", spec + ":47:19", `has nothing at JSON pointer /definitions/Gear`},
		{"refcycle", spec + ":47:19", `$ref "#/definitions/Gear" is part of a $ref cycle that never reaches a schema`},
		{"allofcycle", spec + ":51:13", "allOf cycle: Gear includes itself"},
		{"malformedjson", spec + ":4:21", "malformed JSON: invalid character '}' looking for beginning of value"},
		{"unknownkind", conf + ":9:16", `kind "Gadget" matches no PUT operation in widget 2024-01-01 (kinds found: Widget; set specKind to one of them to rename it)`},
		{"unknownversion", conf + ":9:30", `version "2025-01-01" of group "widget" matches nothing: no spec files in`},
		{"unuseddirective", conf + ":11:5", `directive "widget/2024-01-01:Sprocket" matches nothing`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := buildFixture(t, c.name)
			if err == nil || m != nil {
				t.Fatalf("want an error, got model %v", m)
			}
			want := strings.ReplaceAll(c.pos, "%s", c.name) + ": "
			if !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), strings.ReplaceAll(c.msg, "%s", c.name)) {
				t.Errorf("error:\n%v\nwant prefix %q and text %q", err, want, c.msg)
			}
		})
	}
}

func TestBrokenRefSuggestsDirective(t *testing.T) {
	t.Parallel()
	_, err := buildFixture(t, "missingfile")
	want := "directives:\n  - match: \"widget/2024-01-01:Gear\"\n    action: opaque"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v lacks the suggested directive %q", err, want)
	}
}

// TestPropertyNames shows JSON names that are not Go identifiers turned into valid, unique names.
func TestPropertyNames(t *testing.T) {
	t.Parallel()
	m, err := buildFixture(t, "badnames")
	if err != nil {
		t.Fatal(err)
	}
	spec := mustObject(t, m, astmodel.APIPackage("widget", "2024-01-01"), "Widget_Spec")
	want := map[string]string{ // Go name → ARM path
		"OdataType": "properties.odata.type", "OdataType2": "properties.odataType", "X2faEnabled": "properties.2fa-enabled",
		"Location": "location", "PropertiesLocation": "properties.location", "Type": "properties.type",
	}
	for name, path := range want {
		p := mustProp(t, m, spec, name)
		if got := strings.Join(p.ARMJSONPath(), "."); got != path {
			t.Errorf("%s: ARM path %s, want %s", name, got, path)
		}
	}
	seen := map[string]bool{}
	for _, p := range spec.Properties {
		if seen[p.JSONName] {
			t.Errorf("JSON name %s used twice", p.JSONName)
		}
		seen[p.JSONName] = true
	}
}

func TestDirectives(t *testing.T) {
	t.Parallel()
	m, err := buildFixture(t, "directives")
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("widget", "2024-01-01")
	spec := mustObject(t, m, ref, "Widget_Spec")
	if p := mustProp(t, m, spec, "Gear"); p.Type != astmodel.JSONType {
		t.Errorf("opaque Gear: %#v", p.Type)
	}
	if p := mustProp(t, m, spec, "Cog"); !p.Reference || p.Type != astmodel.ResourceReferenceType {
		t.Errorf("reference Cog: %+v", p)
	}
	if _, ok := spec.Property("Spare"); ok {
		t.Error("pruned Spare is still there")
	}
	status := mustObject(t, m, ref, "Widget_STATUS")
	if p := mustProp(t, m, status, "Cog"); p.Type != (astmodel.TypeName{Package: ref, Name: "Cog_STATUS_Embedded"}) {
		t.Errorf("status Cog: %#v", p.Type)
	}
}

func TestFeatures(t *testing.T) {
	t.Parallel()
	m, err := buildFixture(t, "features")
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("widget", "2024-01-01")
	spec := mustObject(t, m, ref, "Widget_Spec")
	node := mustObject(t, m, ref, "Node")
	if p := mustProp(t, m, node, "Children"); p.Type.(*astmodel.ArrayType).Elem != astmodel.JSONType {
		t.Errorf("recursive Node: %#v, want its children as JSON (a CRD schema cannot nest itself)", p.Type)
	}
	if p := mustProp(t, m, node, "Value"); !p.Required {
		t.Error("Node.value not required")
	}
	if p := mustProp(t, m, spec, "Counts"); p.Type.(*astmodel.MapType).Value != astmodel.IntType {
		t.Errorf("counts: %#v", p.Type)
	}
	for _, s := range []string{"Password", "Token"} {
		if !mustProp(t, m, spec, s).Secret {
			t.Errorf("%s not secret", s)
		}
	}
	if p := mustProp(t, m, spec, "Color"); p.Type != (astmodel.TypeName{Package: ref, Name: "Color"}) {
		t.Errorf("x-ms-enum name not used: %#v", p.Type)
	}
	if _, ok := spec.Property("State"); ok {
		t.Error("read-only state in spec")
	}
	mustProp(t, m, mustObject(t, m, ref, "Widget_STATUS"), "State")
	if p := mustProp(t, m, spec, "PropertiesOwner"); !p.Reference {
		t.Error("x-ms-azure-resource definition not kept as a reference")
	}
}

// TestFlattenCycle shows that a flattened definition that flattens itself again ends as a nested
// object, whose own recursive property is JSON.
func TestFlattenCycle(t *testing.T) {
	t.Parallel()
	m, err := buildFixture(t, "flattencycle")
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("widget", "2024-01-01")
	inner := mustProp(t, m, mustObject(t, m, ref, "Widget_Spec"), "Inner")
	obj := mustObject(t, m, ref, inner.Type.(astmodel.TypeName).Name)
	if p := mustProp(t, m, obj, "Inner"); p.Type != astmodel.JSONType {
		t.Errorf("recursive flatten: %#v", p.Type)
	}
}
