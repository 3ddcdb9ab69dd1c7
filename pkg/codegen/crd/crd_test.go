package crd

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/header"
)

var widgetRef = astmodel.APIPackage("widget", "2024-01-01")

func ptr[T any](v T) *T { return &v }

// gadgetModel is one kind in one API version: a spec with a required constrained string, a
// bounded integer, an enum, a list of objects, a map, raw JSON, the owner and a constrained list
// of strings; a status with the conditions.
func gadgetModel(extra ...astmodel.Definition) *astmodel.Model {
	m := astmodel.NewModel("example.com/gadgets", "api")
	name := func(n string) astmodel.TypeName { return astmodel.TypeName{Package: widgetRef, Name: n} }
	p := m.Package(widgetRef)
	p.Add(&astmodel.Resource{Name: name("Gadget"), Spec: name("Gadget_Spec"), Status: name("Gadget_STATUS"),
		ARMType: "Microsoft.Widget/gadgets", APIVersion: "2024-01-01", Description: "A gadget."})
	p.Add(astmodel.NewObject(name("Gadget_Spec"), "The gadget's desired state.",
		astmodel.Property{Name: "Name", JSONName: "name", Type: astmodel.StringType, Required: true, Description: "The name.",
			Validation: &astmodel.Validation{MinLength: ptr[int64](3), MaxLength: ptr[int64](24), Pattern: "^[a-z]+$"}},
		astmodel.Property{Name: "Count", JSONName: "count", Type: astmodel.IntType, Description: "How many.",
			Validation: &astmodel.Validation{Minimum: ptr(1.0), Maximum: ptr(10.0)}},
		astmodel.Property{Name: "Color", JSONName: "color", Type: name("Color"), Description: "The color."},
		astmodel.Property{Name: "Parts", JSONName: "parts", Type: &astmodel.ArrayType{Elem: name("Part")}},
		astmodel.Property{Name: "Tags", JSONName: "tags", Type: &astmodel.MapType{Value: astmodel.StringType}},
		astmodel.Property{Name: "Raw", JSONName: "raw", Type: astmodel.JSONType},
		astmodel.Property{Name: "Owner", JSONName: "owner", Type: astmodel.KnownResourceReferenceType},
		astmodel.Property{Name: "Labels", JSONName: "labels", Type: &astmodel.ArrayType{Elem: astmodel.StringType},
			Validation: &astmodel.Validation{MinItems: ptr[int64](1), Items: &astmodel.Validation{Pattern: "^l"}}},
	))
	p.Add(astmodel.NewObject(name("Gadget_STATUS"), "The gadget's observed state.",
		astmodel.Property{Name: "Conditions", JSONName: "conditions", Type: &astmodel.ArrayType{Elem: astmodel.ConditionType}},
	))
	p.Add(astmodel.NewObject(name("Part"), "One part.",
		astmodel.Property{Name: "Weight", JSONName: "weight", Type: astmodel.FloatType}))
	p.Add(astmodel.NewEnum(name("Color"), "A color.", "red", "blue"))
	p.Add(extra...)
	m.Kinds = []*astmodel.Kind{{Group: "widget", Name: "Gadget", Versions: []string{"2024-01-01"}, Hub: widgetRef.StorageRef()}}
	return m
}

// render renders the model's one CRD.
func render(t *testing.T, m *astmodel.Model) (apiext.CustomResourceDefinition, error) {
	t.Helper()
	var crd apiext.CustomResourceDefinition
	batches, err := Generator{Root: "config"}.Files(m, func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	if len(batches) != 1 || len(batches[0]) != 1 || batches[0][0].Path != "config/crd/bases/widget.azure.com_gadgets.yaml" {
		t.Fatalf("files %+v, want config/crd/bases/widget.azure.com_gadgets.yaml alone", batches)
	}
	var buf bytes.Buffer
	if err := batches[0][0].Render(&buf); err != nil {
		return crd, err
	}
	if !header.IsGenerated(buf.Bytes()) {
		t.Errorf("no header:\n%s", buf.String())
	}
	return crd, yaml.UnmarshalStrict(buf.Bytes(), &crd)
}

func TestCRDSchemaShapes(t *testing.T) {
	crd, err := render(t, gadgetModel())
	if err != nil {
		t.Fatal(err)
	}
	if len(crd.Spec.Versions) != 1 {
		t.Fatalf("versions %+v", crd.Spec.Versions)
	}
	v := crd.Spec.Versions[0]
	if v.Name != "v1api20240101" || !v.Served || !v.Storage || v.Subresources == nil || v.Subresources.Status == nil || len(v.AdditionalPrinterColumns) != 4 {
		t.Errorf("version %s served %v storage %v subresources %+v columns %d", v.Name, v.Served, v.Storage, v.Subresources, len(v.AdditionalPrinterColumns))
	}
	if n := crd.Spec.Names; n.Plural != "gadgets" || n.Singular != "gadget" || n.ListKind != "GadgetList" || crd.Name != "gadgets.widget.azure.com" {
		t.Errorf("names %+v, name %s", n, crd.Name)
	}
	root := v.Schema.OpenAPIV3Schema
	if root.Description != "Gadget: A gadget.\nGenerated from: Microsoft.Widget/gadgets api-version 2024-01-01" {
		t.Errorf("root description %q", root.Description)
	}
	for _, p := range []string{"apiVersion", "kind"} {
		if root.Properties[p].Type != "string" || root.Properties[p].Description == "" {
			t.Errorf("%s: %+v", p, root.Properties[p])
		}
	}
	if !reflect.DeepEqual(root.Properties["metadata"], apiext.JSONSchemaProps{Type: "object"}) {
		t.Errorf("metadata %+v", root.Properties["metadata"])
	}
	checkSpec(t, root.Properties["spec"])
	conds := root.Properties["status"].Properties["conditions"]
	if want := []string{"lastTransitionTime", "reason", "status", "type"}; !reflect.DeepEqual(conds.Items.Schema.Required, want) {
		t.Errorf("conditions' required %v, want %v (sorted)", conds.Items.Schema.Required, want)
	}
}

func checkSpec(t *testing.T, spec apiext.JSONSchemaProps) {
	t.Helper()
	if spec.Description != "Gadget_Spec: The gadget's desired state." || !reflect.DeepEqual(spec.Required, []string{"name"}) {
		t.Errorf("spec description %q, required %v", spec.Description, spec.Required)
	}
	name := spec.Properties["name"]
	if name.Type != "string" || *name.MinLength != 3 || *name.MaxLength != 24 || name.Pattern != "^[a-z]+$" || name.Description != "Name: The name." {
		t.Errorf("name %+v", name)
	}
	if c := spec.Properties["count"]; c.Type != "integer" || *c.Minimum != 1 || *c.Maximum != 10 {
		t.Errorf("count %+v", c)
	}
	color := spec.Properties["color"]
	if color.Type != "string" || color.Description != "Color: The color." || len(color.Enum) != 2 || string(color.Enum[0].Raw) != `"blue"` {
		t.Errorf("color %+v: the field's description, the type's enum", color)
	}
	parts := spec.Properties["parts"]
	if parts.Type != "array" || parts.Description != "" || parts.Items.Schema.Description != "Part: One part." || parts.Items.Schema.Properties["weight"].Type != "number" {
		t.Errorf("parts %+v: items are the type's schema, with its description", parts)
	}
	if tags := spec.Properties["tags"]; tags.Type != "object" || tags.AdditionalProperties.Schema.Type != "string" {
		t.Errorf("tags %+v", tags)
	}
	if raw := spec.Properties["raw"]; raw.Type != "" || raw.XPreserveUnknownFields == nil || !*raw.XPreserveUnknownFields {
		t.Errorf("raw %+v", raw)
	}
	if owner := spec.Properties["owner"]; owner.Properties["armId"].Pattern == "" || owner.Properties["name"].Type != "string" {
		t.Errorf("owner %+v: genruntime's KnownResourceReference", owner)
	}
	labels := spec.Properties["labels"]
	if *labels.MinItems != 1 || labels.Items.Schema.Pattern != "^l" || labels.Items.Schema.Type != "string" {
		t.Errorf("labels %+v: item counts on the list, the pattern on its items", labels)
	}
}

func TestCRDRejectsATypeThatReachesItself(t *testing.T) {
	loop := astmodel.NewObject(astmodel.TypeName{Package: widgetRef, Name: "Loop"}, "",
		astmodel.Property{Name: "Next", JSONName: "next", Type: astmodel.TypeName{Package: widgetRef, Name: "Loop"}})
	m := gadgetModel()
	spec := m.Packages[widgetRef].Definitions["Gadget_Spec"].(*astmodel.Object)
	m.Packages[widgetRef].Add(loop, spec.WithProperties(astmodel.Property{Name: "Loop", JSONName: "loop", Type: loop.Name}))
	if _, err := render(t, m); err == nil || !strings.Contains(err.Error(), "reaches itself") {
		t.Errorf("got %v, want an error naming the loop", err)
	}
}

func TestCRDDescriptionFollowsControllerGen(t *testing.T) {
	c := readComment([]string{
		"// stray", "\n", // another comment group: not the doc
		"// +kubebuilder:validation:Required",
		"// Name: first line.", "//", "//", "// second paragraph",
		"// TODO: left out",
		"// ```", "// TODO kept in code", "// ```",
		"// --- the rest is not described",
		"// after",
	})
	want := "Name: first line.\n\nsecond paragraph\n```\nTODO kept in code\n```"
	if c.description != want || !reflect.DeepEqual(c.markers, []string{"kubebuilder:validation:Required"}) {
		t.Errorf("description %q markers %v, want %q", c.description, c.markers, want)
	}
}

func TestCRDMarkerArguments(t *testing.T) {
	var s apiext.JSONSchemaProps
	if err := applyMarkers(&s, []string{`Enum={"a,b","c\"d"}`, "Enum=1;2", `XValidation:rule="self.x, self.y",message="m"`}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range s.Enum {
		got = append(got, string(e.Raw))
	}
	if want := []string{`"a,b"`, `"c\"d"`, "1", "2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("enum %v, want %v", got, want)
	}
	if want := (apiext.ValidationRules{{Rule: "self.x, self.y", Message: "m"}}); !reflect.DeepEqual(s.XValidations, want) {
		t.Errorf("rules %+v", s.XValidations)
	}
	if _, err := readMarkers([]string{"kubebuilder:validation:UniqueItems=true"}); err != nil {
		t.Errorf("a validation marker is read, then refused when applied: %v", err)
	}
	if err := applyMarkers(&s, []string{"UniqueItems=true"}); err == nil {
		t.Error("an unknown validation marker was accepted")
	}
	if _, err := readMarkers([]string{"kubebuilder:resource:scope=Cluster"}); err == nil {
		t.Error("an unknown kubebuilder marker was accepted")
	}
	if err := applyMarkers(&apiext.JSONSchemaProps{Type: "integer"}, []string{"Pattern=\"x\""}); err == nil {
		t.Error("a pattern on an integer was accepted")
	}
}
