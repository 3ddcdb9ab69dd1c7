package codegen

import (
	"github.com/asogen/asogen/pkg/astmodel"
)

// fixtureModel builds a small two-version model by hand: an enum, a nested object, a map, an
// array, an embedded reference, a secret and a discriminated union, with properties that only
// one version has so that conversions need the property bag.
func fixtureModel(apiRoot string) *astmodel.Model {
	m := astmodel.NewModel("github.com/asogen/asogen", apiRoot)
	addWidgetVersion(m, "2022-01-01", false)
	addWidgetVersion(m, "2023-01-01", true)
	m.Kinds = []*astmodel.Kind{{
		Group: "demo", Name: "Widget", ARMType: "Microsoft.Demo/widgets",
		Versions: []string{"2022-01-01", "2023-01-01"},
		Hub:      astmodel.APIPackage("demo", "2023-01-01").StorageRef(),
		Owner:    &astmodel.ResourceGroupOwner,
	}}
	return m
}

func addWidgetVersion(m *astmodel.Model, version string, newer bool) {
	ref := astmodel.APIPackage("demo", version)
	p := m.Package(ref)
	n := func(name string) astmodel.TypeName { return astmodel.TypeName{Package: ref, Name: name} }
	size := astmodel.NewEnum(n("WidgetSize"), "The size of a widget.", "Small", "Large")
	state := astmodel.NewEnum(n("ProvisioningState_STATUS"), "", "Succeeded", "Failed", "Updating")
	p.Add(size, state, settings(n, newer, "WidgetSettings"), settings(n, newer, "WidgetSettings_STATUS"))
	p.Add(modes(n)...)
	p.Add(widgetSpec(n, newer), widgetStatus(n))
	p.Add(&astmodel.Resource{
		Name: n("Widget"), Spec: n("Widget_Spec"), Status: n("Widget_STATUS"),
		ARMType: "Microsoft.Demo/widgets", APIVersion: version,
		URITemplate: "/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Demo/widgets/{widgetName}",
		ChildPath:   "/providers/Microsoft.Demo/widgets", Owner: &astmodel.ResourceGroupOwner,
		Description: "A widget.",
	})
}

func props(path string, ps ...astmodel.Property) []astmodel.Property {
	for i := range ps {
		if path != "" {
			ps[i].ARMPath = []string{path, ps[i].JSONName}
		}
	}
	return ps
}

func widgetSpec(n func(string) astmodel.TypeName, newer bool) *astmodel.Object {
	ps := []astmodel.Property{
		{Name: "AzureName", JSONName: "azureName", Type: astmodel.StringType, Description: "The name of the resource in Azure."},
		{Name: "Owner", JSONName: "owner", Type: astmodel.KnownResourceReferenceType, Required: true},
		{Name: "Location", JSONName: "location", Type: astmodel.StringType, Required: true},
		{Name: "Tags", JSONName: "tags", Type: &astmodel.MapType{Value: astmodel.StringType}},
	}
	ps = append(ps, props("properties",
		astmodel.Property{Name: "Size", JSONName: "size", Type: n("WidgetSize")},
		astmodel.Property{Name: "Settings", JSONName: "settings", Type: n("WidgetSettings")},
		astmodel.Property{Name: "Subnet", JSONName: "subnet", Type: astmodel.ResourceReferenceType, Reference: true},
		astmodel.Property{Name: "AdminPassword", JSONName: "adminPassword", Type: astmodel.SecretReferenceType, Secret: true},
		astmodel.Property{Name: "Mode", JSONName: "mode", Type: n("WidgetMode")},
		astmodel.Property{Name: "Replicas", JSONName: "replicas", Type: astmodel.IntType, Required: true},
	)...)
	// An ARM ID property kept as a reference: renamed in Spec, its ARM path keeps the spec's name.
	ps = append(ps, astmodel.Property{Name: "VaultReference", JSONName: "vaultReference",
		Type: astmodel.ResourceReferenceType, ARMPath: []string{"properties", "vaultId"}})
	if newer {
		ps = append(ps, props("properties", astmodel.Property{Name: "Zones", JSONName: "zones",
			Type: &astmodel.ArrayType{Elem: astmodel.StringType}})...)
	} else {
		ps = append(ps, props("properties", astmodel.Property{Name: "LegacyFlag", JSONName: "legacyFlag", Type: astmodel.BoolType})...)
	}
	return astmodel.NewObject(n("Widget_Spec"), "", ps...)
}

func widgetStatus(n func(string) astmodel.TypeName) *astmodel.Object {
	ps := []astmodel.Property{
		{Name: "Conditions", JSONName: "conditions", Type: &astmodel.ArrayType{Elem: astmodel.ConditionType}},
		{Name: "ID", JSONName: "id", Type: astmodel.StringType},
		{Name: "Location", JSONName: "location", Type: astmodel.StringType},
	}
	ps = append(ps, props("properties",
		astmodel.Property{Name: "ProvisioningState", JSONName: "provisioningState", Type: n("ProvisioningState_STATUS")},
		astmodel.Property{Name: "Subnet", JSONName: "subnet", Type: astmodel.StringType, Reference: true},
		astmodel.Property{Name: "Settings", JSONName: "settings", Type: n("WidgetSettings_STATUS")},
		astmodel.Property{Name: "NetworkInterfaces", JSONName: "networkInterfaces",
			Type: &astmodel.ArrayType{Elem: astmodel.StringType}, Reference: true},
	)...)
	return astmodel.NewObject(n("Widget_STATUS"), "", ps...)
}

func settings(n func(string) astmodel.TypeName, newer bool, name string) *astmodel.Object {
	ps := []astmodel.Property{
		{Name: "Depth", JSONName: "depth", Type: astmodel.IntType, Description: "How deep.\nIn metres."},
		{Name: "Labels", JSONName: "labels", Type: &astmodel.ArrayType{Elem: astmodel.StringType}},
		{Name: "Ratio", JSONName: "ratio", Type: astmodel.FloatType},
	}
	if newer {
		ps = append(ps, astmodel.Property{Name: "Color", JSONName: "color", Type: astmodel.StringType})
	} else {
		ps = append(ps, astmodel.Property{Name: "Depth", JSONName: "depth", Type: astmodel.StringType})
	}
	return astmodel.NewObject(n(name), "Settings of a widget.", dedupe(ps)...)
}

// dedupe keeps the last property of each name (the older version's Depth is a string).
func dedupe(ps []astmodel.Property) []astmodel.Property {
	idx := map[string]int{}
	var out []astmodel.Property
	for _, p := range ps {
		if i, ok := idx[p.Name]; ok {
			out[i] = p
			continue
		}
		idx[p.Name] = len(out)
		out = append(out, p)
	}
	return out
}

func modes(n func(string) astmodel.TypeName) []astmodel.Definition {
	rw := astmodel.NewObject(n("ReadWriteMode"), "", astmodel.Property{Name: "Retention", JSONName: "retention", Type: astmodel.StringType})
	ro := astmodel.NewObject(n("ReadOnlyMode"), "", astmodel.Property{Name: "Leader", JSONName: "leader", Type: astmodel.StringType})
	mode := astmodel.NewObject(n("WidgetMode"), "How the widget is used.",
		astmodel.Property{Name: "ReadWrite", JSONName: "readWrite", Type: rw.Name},
		astmodel.Property{Name: "ReadOnly", JSONName: "readOnly", Type: ro.Name},
	)
	mode.OneOf = &astmodel.OneOf{Discriminator: "kind", Values: map[string]string{"ReadWrite": "ReadWrite", "ReadOnly": "ReadOnlyFollowing"}}
	return []astmodel.Definition{rw, ro, mode}
}

// modelStages runs the model stages after loadModel on m, as the pipeline does: what emission
// expects to print.
func modelStages(m *astmodel.Model) (*astmodel.Model, error) {
	m, err := withStorageVariants(m)
	if err != nil {
		return nil, err
	}
	if m, err = withARMTypes(m); err != nil {
		return nil, err
	}
	return withConversionPlans(m)
}
