package codegen

import (
	"slices"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
)

// convVersion adds to m the API package of one version of kinds Doodad, Gadget and Gizmo. Their
// specs reach the object Shared; Gadget's also a list of Items. The older version has oldOnly and a
// color string; the newer has newOnly and a color number.
func convVersion(m *astmodel.Model, version string, newer bool) astmodel.PackageRef {
	ref := astmodel.APIPackage("demo", version)
	n := func(name string) astmodel.TypeName { return astmodel.TypeName{Package: ref, Name: name} }
	prop := func(name, json string, t astmodel.Type) astmodel.Property {
		return astmodel.Property{Name: name, JSONName: json, Type: t}
	}
	gadget := []astmodel.Property{
		prop("AzureName", "azureName", astmodel.StringType),
		prop("Size", "size", n("Size")),
		prop("Shared", "shared", n("Shared")),
		prop("Items", "items", &astmodel.ArrayType{Elem: n("Item")}),
		prop("Color", "color", astmodel.StringType),
		prop("OldOnly", "oldOnly", astmodel.StringType),
	}
	if newer {
		gadget[4].Type, gadget[5] = astmodel.IntType, prop("NewOnly", "newOnly", astmodel.StringType)
	}
	p := m.Package(ref)
	p.Add(
		astmodel.NewEnum(n("Size"), "", "Small", "Large"),
		astmodel.NewObject(n("Shared"), "", prop("Name", "name", astmodel.StringType)),
		astmodel.NewObject(n("Item"), "", prop("Value", "value", astmodel.StringType)),
		astmodel.NewObject(n("Gadget_Spec"), "", gadget...),
		astmodel.NewObject(n("Gadget_STATUS"), "", prop("ID", "id", astmodel.StringType)),
		astmodel.NewObject(n("Gizmo_Spec"), "", prop("Shared", "shared", n("Shared"))),
		astmodel.NewObject(n("Doodad_Spec"), "", prop("Shared", "shared", n("Shared"))),
		astmodel.NewObject(n("Doodad_STATUS"), "", prop("ID", "id", astmodel.StringType)),
		&astmodel.Resource{Name: n("Doodad"), Spec: n("Doodad_Spec"), Status: n("Doodad_STATUS")},
		astmodel.NewObject(n("Gizmo_STATUS"), "", prop("ID", "id", astmodel.StringType)),
		&astmodel.Resource{Name: n("Gadget"), Spec: n("Gadget_Spec"), Status: n("Gadget_STATUS")},
		&astmodel.Resource{Name: n("Gizmo"), Spec: n("Gizmo_Spec"), Status: n("Gizmo_STATUS")},
	)
	return ref
}

// convModel has two versions; Doodad's and Gadget's hub is the newer version's storage variant,
// Gizmo's the older's (so the older API package converts Shared to two hubs).
func convModel(t *testing.T) (m *astmodel.Model, older, newer astmodel.PackageRef) {
	t.Helper()
	m = astmodel.NewModel("example.com/demo", "api")
	older, newer = convVersion(m, "2022-01-01", false), convVersion(m, "2023-01-01", true)
	versions := []string{"2022-01-01", "2023-01-01"}
	m.Kinds = []*astmodel.Kind{
		{Group: "demo", Name: "Doodad", Versions: versions, Hub: newer.StorageRef()},
		{Group: "demo", Name: "Gadget", Versions: versions, Hub: newer.StorageRef()},
		{Group: "demo", Name: "Gizmo", Versions: versions, Hub: older.StorageRef()},
	}
	m, err := withStorageVariants(m)
	if err != nil {
		t.Fatal(err)
	}
	out, err := conversionPlans().Run(&Env{}, State{Model: m})
	if err != nil {
		t.Fatal(err)
	}
	return out.Model, older, newer
}

// TestConversionPlanMapsPropertiesByJSONName: a property converts to the hub's of its JSON name
// when the types are compatible (an enum to a string); one without a counterpart, or with an
// incompatible one, travels in the property bag; the hub's own properties are listed.
func TestConversionPlanMapsPropertiesByJSONName(t *testing.T) {
	t.Parallel()
	m, older, _ := convModel(t)
	spec := m.Packages[older].Conversions.Resources["Gadget"].Spec
	var converted []string
	for _, pc := range spec.Properties {
		if pc.Convert {
			converted = append(converted, pc.Source.Name+"→"+pc.Hub.Name)
		}
	}
	if want := []string{"AzureName→AzureName", "Items→Items", "Shared→Shared", "Size→Size"}; !slices.Equal(converted, want) {
		t.Errorf("converted %v, want %v", converted, want)
	}
	if got := spec.Bagged(); !slices.Equal(got, []string{"Color", "OldOnly"}) {
		t.Errorf("bagged %v", got)
	}
	var hubOnly []string
	for _, h := range spec.HubOnly {
		hubOnly = append(hubOnly, h.Name)
	}
	if want := []string{"NewOnly", astmodel.OriginalVersionName}; !slices.Equal(hubOnly, want) {
		t.Errorf("hub-only %v, want %v", hubOnly, want)
	}
}

// TestConversionPlanQueuesObjectPairsInPrintingOrder: a resource's file holds its spec, its
// status, then the pairs its converted properties reach (through lists too), breadth first; a
// pair a resource before it (by kind) reached stays with that one.
func TestConversionPlanQueuesObjectPairsInPrintingOrder(t *testing.T) {
	t.Parallel()
	m, _, newer := convModel(t)
	plan := m.Packages[newer].Conversions
	names := func(rc *astmodel.ResourceConversion) []string {
		var out []string
		for _, c := range rc.Objects {
			out = append(out, c.Source.Name.Name+"/"+c.Suffix)
		}
		return out
	}
	if got, want := names(plan.Resources["Doodad"]), []string{"Doodad_Spec/Doodad_Spec", "Doodad_STATUS/Doodad_STATUS", "Shared/Shared"}; !slices.Equal(got, want) {
		t.Errorf("Doodad's pairs %v, want %v", got, want)
	}
	if got, want := names(plan.Resources["Gadget"]), []string{"Gadget_Spec/Gadget_Spec", "Gadget_STATUS/Gadget_STATUS", "Item/Item"}; !slices.Equal(got, want) {
		t.Errorf("Gadget's pairs %v, want %v (Shared is Doodad's)", got, want)
	}
	other := "Shared/Shared_" + m.Kinds[2].Hub.KubeVersion() // Gizmo's hub is another: a pair of its own
	if got, want := names(plan.Resources["Gizmo"]), []string{"Gizmo_Spec/Gizmo_Spec", "Gizmo_STATUS/Gizmo_STATUS", other}; !slices.Equal(got, want) {
		t.Errorf("Gizmo's pairs %v, want %v (its hub differs from Gadget's)", got, want)
	}
}

// TestConversionPlanNumbersAnObjectConvertedToTwoHubs: an object two kinds reach converts to the
// hub object of each; the second pair's methods carry the hub's version. A hub plans no
// conversion of its own kind.
func TestConversionPlanNumbersAnObjectConvertedToTwoHubs(t *testing.T) {
	t.Parallel()
	m, older, newer := convModel(t)
	plan := m.Packages[older].Conversions
	toNewer := plan.Objects[astmodel.ObjectPair{Source: "Shared", Hub: astmodel.TypeName{Package: newer.StorageRef(), Name: "Shared"}}]
	toOlder := plan.Objects[astmodel.ObjectPair{Source: "Shared", Hub: astmodel.TypeName{Package: older.StorageRef(), Name: "Shared"}}]
	if toNewer == nil || toOlder == nil {
		t.Fatalf("pairs of Shared: %v %v", toNewer, toOlder)
	}
	if toNewer.Suffix != "Shared" || toOlder.Suffix != "Shared_"+older.StorageRef().KubeVersion() {
		t.Errorf("suffixes %q and %q", toNewer.Suffix, toOlder.Suffix)
	}
	if hub := m.Packages[older.StorageRef()].Conversions; hub.Resources["Gizmo"] != nil || hub.Resources["Gadget"] == nil {
		t.Errorf("the older storage variant plans %v", hub.Resources)
	}
}

// TestConversionPlansReturnANewModel: the stage leaves the model it was given as it was.
func TestConversionPlansReturnANewModel(t *testing.T) {
	t.Parallel()
	in, err := withStorageVariants(fixtureModel(fixtureAPIRoot))
	if err != nil {
		t.Fatal(err)
	}
	out, err := conversionPlans().Run(&Env{}, State{Model: in})
	if err != nil {
		t.Fatal(err)
	}
	for ref, p := range in.Packages {
		if p.Conversions != nil || out.Model.Packages[ref].Conversions == nil {
			t.Errorf("%s: input plan %v, output plan %v", ref, p.Conversions, out.Model.Packages[ref].Conversions)
		}
	}
}
