package codegen

import (
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
)

// armModel is a one-kind model for the ARM types stage: Gadget's spec sends a flattened
// "properties" nesting (beside a property whose Go name is Properties), an identity list and an
// object reached only through it; its status receives an object of its own.
func armModel() *astmodel.Model {
	ref := astmodel.APIPackage("demo", "2024-01-01")
	n := func(name string) astmodel.TypeName { return astmodel.TypeName{Package: ref, Name: name} }
	flat := func(p astmodel.Property) astmodel.Property { p.ARMPath = []string{"properties", p.JSONName}; return p }
	m := astmodel.NewModel("example.com/demo", "api")
	p := m.Package(ref)
	p.Add(
		astmodel.NewObject(n("Gadget_Spec"), "",
			astmodel.Property{Name: "AzureName", JSONName: "azureName", Type: astmodel.StringType},
			astmodel.Property{Name: "Owner", JSONName: "owner", Type: astmodel.KnownResourceReferenceType},
			astmodel.Property{Name: "Location", JSONName: "location", Type: astmodel.StringType},
			astmodel.Property{Name: "Properties", JSONName: "propertiesText", Type: astmodel.StringType},
			flat(astmodel.Property{Name: "Size", JSONName: "size", Type: astmodel.IntType}),
			flat(astmodel.Property{Name: "Part", JSONName: "part", Type: n("Part")}),
			astmodel.Property{Name: "Identities", JSONName: "identities", Type: &astmodel.ArrayType{Elem: n("Identity")}, IdentityKeys: true},
		),
		astmodel.NewObject(n("Part"), "", astmodel.Property{Name: "Subnet", JSONName: "subnet", Type: astmodel.ResourceReferenceType, Reference: true}),
		astmodel.NewObject(n("Identity"), "", astmodel.Property{Name: "Reference", JSONName: "reference", Type: astmodel.ResourceReferenceType}),
		astmodel.NewObject(n("Gadget_STATUS"), "",
			astmodel.Property{Name: "Conditions", JSONName: "conditions", Type: &astmodel.ArrayType{Elem: astmodel.ConditionType}},
			astmodel.Property{Name: "Name", JSONName: "name", Type: astmodel.StringType},
			astmodel.Property{Name: "Part", JSONName: "part", Type: n("Part_STATUS")},
		),
		astmodel.NewObject(n("Part_STATUS"), "", astmodel.Property{Name: "ID", JSONName: "id", Type: astmodel.StringType}),
		astmodel.NewObject(n("Unused"), "", astmodel.Property{Name: "ID", JSONName: "id", Type: astmodel.StringType}),
		&astmodel.Resource{Name: n("Gadget"), Spec: n("Gadget_Spec"), Status: n("Gadget_STATUS")},
	)
	m.Kinds = []*astmodel.Kind{{Group: "demo", Name: "Gadget", Versions: []string{"2024-01-01"}, Hub: ref.StorageRef()}}
	return m
}

// runARMTypes runs the armTypes stage on m and returns the ARM types of its one API package.
func runARMTypes(t *testing.T, m *astmodel.Model) map[string]*astmodel.ARMObject {
	t.Helper()
	out, err := armTypes().Run(&Env{}, State{Model: m})
	if err != nil {
		t.Fatal(err)
	}
	return out.Model.Packages[astmodel.APIPackage("demo", "2024-01-01")].ARM
}

// fieldNames lists an ARM struct's fields as "json:Go", nestings as "json:Go{...}".
func fieldNames(a *astmodel.ARMObject) string {
	var parts []string
	for _, f := range a.Fields {
		s := f.JSONName + ":" + f.GoName
		if f.Nested != nil {
			s += "=" + f.Nested.Name + "{" + fieldNames(f.Nested) + "}"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// TestARMTypesNestFlattenedProperties: a spec's ARM type leaves out AzureName and Owner, nests
// the flattened properties under "properties" (numbered, as Properties is a property's Go name),
// sorts fields by JSON name and gets the Name field SpecToARM sets; the status leaves out its
// conditions.
func TestARMTypesNestFlattenedProperties(t *testing.T) {
	t.Parallel()
	arm := runARMTypes(t, armModel())
	spec := arm["Gadget_Spec"]
	if spec == nil || spec.Name != "Gadget_Spec_ARM" || !spec.NameField {
		t.Fatalf("spec's ARM type: %+v", spec)
	}
	want := "identities:Identities location:Location properties:Properties2=Gadget_Spec_Properties2_ARM{part:Part size:Size} propertiesText:Properties"
	if got := fieldNames(spec); got != want {
		t.Errorf("spec fields\n got %s\nwant %s", got, want)
	}
	status := arm["Gadget_STATUS"]
	if got := fieldNames(status); got != "name:Name part:Part" || status.NameField {
		t.Errorf("status fields %q (name field %v)", got, status.NameField)
	}
	if p := spec.Field("location").Property; p == nil || p.Name != "Location" {
		t.Errorf("location field holds %+v", p)
	}
}

// TestARMTypesFollowWhatResourcesSendAndReceive: an object reached from the spec is sent, one
// reached from the status received; an identity list's objects and an object no resource reaches
// have no ARM type.
func TestARMTypesFollowWhatResourcesSendAndReceive(t *testing.T) {
	t.Parallel()
	arm := runARMTypes(t, armModel())
	cases := map[string][2]bool{"Gadget_Spec": {true, false}, "Part": {true, false}, "Gadget_STATUS": {false, true}, "Part_STATUS": {false, true}}
	for name, want := range cases {
		a := arm[name]
		if a == nil || a.Sent != want[0] || a.Received != want[1] {
			t.Errorf("%s: %+v, want sent %v received %v", name, a, want[0], want[1])
		}
	}
	for _, name := range []string{"Identity", "Unused"} {
		if arm[name] != nil {
			t.Errorf("%s has an ARM type", name)
		}
	}
}

// TestARMTypesReturnANewModel: the stage leaves the model it was given as it was, and the spec's
// ARM type is the one the model names for the kind's payload.
func TestARMTypesReturnANewModel(t *testing.T) {
	t.Parallel()
	in := armModel()
	ref := astmodel.APIPackage("demo", "2024-01-01")
	arm := runARMTypes(t, in)
	if in.Packages[ref].ARM != nil {
		t.Error("the stage set ARM types on its input")
	}
	if got := in.Kinds[0].SpecARMType(ref); got.Name != arm["Gadget_Spec"].Name || got.Package != ref {
		t.Errorf("SpecARMType = %v, the stage named %s", got, arm["Gadget_Spec"].Name)
	}
}

// TestARMTypesRejectAPathUsedTwice: two properties at one ARM path are an error of the stage.
func TestARMTypesRejectAPathUsedTwice(t *testing.T) {
	t.Parallel()
	m := armModel()
	p := m.Packages[astmodel.APIPackage("demo", "2024-01-01")]
	spec, _ := p.Object("Gadget_Spec")
	twice := astmodel.Property{Name: "Size2", JSONName: "size2", Type: astmodel.IntType, ARMPath: []string{"properties", "size"}}
	p.Add(spec.WithProperties(twice))
	_, err := armTypes().Run(&Env{}, State{Model: m})
	if err == nil || !strings.Contains(err.Error(), "ARM path properties.size is used twice") {
		t.Fatalf("want an error for the path used twice, got %v", err)
	}
}
