package openapi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
)

func ptr[T any](v T) *T { return &v }

// TestValidationFromSpec reads each constraint of a Spec property, from the property or from the
// definition it names; an ECMA-only pattern is dropped and Status carries no constraints.
func TestValidationFromSpec(t *testing.T) {
	t.Parallel()
	m, err := buildFixture(t, "semantics")
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("widget", "2024-01-01")
	spec := mustObject(t, m, ref, "Widget_Spec")
	cases := map[string]astmodel.Validation{
		"Code":       {Pattern: "^[a-z][a-z0-9]{2,11}$", MinLength: ptr[int64](3), MaxLength: ptr[int64](12)},
		"Tenant":     {Format: "uuid"},
		"Size":       {Minimum: ptr(5.0), Maximum: ptr(100.0)},
		"Ratio":      {Minimum: ptr(0.0), ExclusiveMinimum: true, Maximum: ptr(2.5)},
		"Zones":      {MinItems: ptr[int64](1), MaxItems: ptr[int64](3)},
		"Label":      {Pattern: "^[A-Z]+$", MaxLength: ptr[int64](20)},
		"ShortLabel": {Pattern: "^[A-Z]+$", MaxLength: ptr[int64](8)},
		"AzureName":  {Pattern: "^[a-z0-9-]+$", MinLength: ptr[int64](3), MaxLength: ptr[int64](12)}, // the path's name parameter
		"HostNames":  {Items: &astmodel.Validation{Pattern: "^[a-z0-9.]+$", MinLength: ptr[int64](8), MaxLength: ptr[int64](63)}},
		"Ports":      {MaxItems: ptr[int64](4), Items: &astmodel.Validation{Minimum: ptr(1.0), Maximum: ptr(65535.0)}}, // items from a $ref
	}
	for name, want := range cases {
		got := mustProp(t, m, spec, name).Validation
		if got == nil || !sameValidation(*got, want) {
			t.Errorf("%s: got %s, want %s", name, show(got), show(&want))
		}
	}
	if v := mustProp(t, m, spec, "Lookahead").Validation; v != nil {
		t.Errorf("a pattern Go cannot compile was kept: %s", show(v))
	}
	for _, p := range mustObject(t, m, ref, "Widget_STATUS").Properties {
		if p.Validation != nil {
			t.Errorf("status property %s has constraints %s", p.Name, show(p.Validation))
		}
	}
}

func sameValidation(a, b astmodel.Validation) bool {
	if (a.Items == nil) != (b.Items == nil) || a.Items != nil && !sameValidation(*a.Items, *b.Items) {
		return false
	}
	return a.Pattern == b.Pattern && a.Format == b.Format && a.ExclusiveMinimum == b.ExclusiveMinimum &&
		a.ExclusiveMaximum == b.ExclusiveMaximum && eq(a.MinLength, b.MinLength) && eq(a.MaxLength, b.MaxLength) &&
		eq(a.Minimum, b.Minimum) && eq(a.Maximum, b.Maximum) && eq(a.MinItems, b.MinItems) && eq(a.MaxItems, b.MaxItems)
}

func eq[T comparable](a, b *T) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

func show(v *astmodel.Validation) string {
	if v == nil {
		return "none"
	}
	return fmt.Sprintf("{pattern %q format %q length %s..%s range %s..%s (exclusive %v, %v) items %s..%s}", v.Pattern, v.Format,
		deref(v.MinLength), deref(v.MaxLength), deref(v.Minimum), deref(v.Maximum), v.ExclusiveMinimum, v.ExclusiveMaximum,
		deref(v.MinItems), deref(v.MaxItems)) + " each " + show(v.Items)
}

func deref[T any](p *T) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprint(*p)
}

// TestReadOnlyEverywhere keeps out of Spec a property read-only on itself, through the definition
// it names (systemData, an etag string type) or through an allOf parent; Status keeps them all.
func TestReadOnlyEverywhere(t *testing.T) {
	t.Parallel()
	m, err := buildFixture(t, "semantics")
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("widget", "2024-01-01")
	spec := mustObject(t, m, ref, "Widget_Spec")
	status := mustObject(t, m, ref, "Widget_STATUS")
	for _, name := range []string{"SystemData", "Audit", "Etag"} {
		if _, ok := spec.Property(name); ok {
			t.Errorf("read-only %s is in Spec", name)
		}
		mustProp(t, m, status, name)
	}
	mustProp(t, m, spec, "Location")
	if _, ok := m.Packages[ref].Object("SystemData"); ok {
		t.Error("a Spec-side SystemData object was generated")
	}
	mustObject(t, m, ref, "SystemData_STATUS")
}

// TestRealSpecsSemantics: in the real storage 2023-01-01 spec, Sku.tier names common.json's Tier,
// which is read-only on the definition only: it stays out of the Spec's Sku and in Sku_STATUS; the
// account name's path parameter (3 to 24 lower-case letters and digits) constrains AzureName; and AKS's agent pool
// name keeps its pattern while Status carries no constraints; storage managementPolicies and
// redis patchSchedules have the fixed name "default".
func TestRealSpecsSemantics(t *testing.T) {
	t.Parallel()
	m, err := buildRealCorpus(t, true)
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("storage", "2023-01-01")
	if _, ok := mustObject(t, m, ref, "Sku").Property("Tier"); ok {
		t.Error("read-only Sku.tier (read-only on its definition) is in Spec")
	}
	mustProp(t, m, mustObject(t, m, ref, "Sku_STATUS"), "Tier")
	name := mustProp(t, m, mustObject(t, m, ref, "StorageAccount_Spec"), "AzureName").Validation
	if name == nil || !sameValidation(*name, astmodel.Validation{Pattern: "^[a-z0-9]+$", MinLength: ptr[int64](3), MaxLength: ptr[int64](24)}) {
		t.Errorf("StorageAccount AzureName: %s", show(name))
	}
	for _, c := range []struct {
		ref  astmodel.PackageRef
		kind string
	}{
		{ref, "ManagementPolicy"}, {astmodel.APIPackage("cache", "2023-08-01"), "PatchSchedule"},
	} {
		res := m.Packages[c.ref].Definitions[c.kind].(*astmodel.Resource)
		if res.FixedName != "default" {
			t.Errorf("%s: fixed name %q, want \"default\" (its name parameter's one enum value)", c.kind, res.FixedName)
		}
	}
	aks := astmodel.APIPackage("containerservice", "2023-10-01")
	pool := mustProp(t, m, mustObject(t, m, aks, "ManagedClusterAgentPoolProfile"), "Name").Validation
	if pool == nil || pool.Pattern != "^[a-z][a-z0-9]{0,11}$" {
		t.Errorf("agent pool name: %s", show(pool))
	}
	if v := mustProp(t, m, mustObject(t, m, aks, "ManagedClusterAgentPoolProfile_STATUS"), "Name").Validation; v != nil {
		t.Errorf("status agent pool name has constraints %s", show(v))
	}
}

// TestFixedNames: a PUT path ending in a literal name (settings/default) or in a parameter with a
// one-value enum (schedules/{scheduleName}: ["current"]) gives a resource with that fixed name,
// whose AzureName accepts only it; a named resource has none.
func TestFixedNames(t *testing.T) {
	t.Parallel()
	m, err := buildFixture(t, "semantics")
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("widget", "2024-01-01")
	for kind, want := range map[string]string{"Setting": "default", "Schedule": "current", "Widget": ""} {
		res, ok := m.Packages[ref].Definitions[kind].(*astmodel.Resource)
		if !ok {
			t.Fatalf("no resource %s", kind)
		}
		if res.FixedName != want {
			t.Errorf("%s: fixed name %q, want %q", kind, res.FixedName, want)
		}
		if want == "" {
			continue
		}
		if res.Owner == nil || res.Owner.Kind != "Widget" || res.ChildPath != "/"+strings.ToLower(kind[:1])+kind[1:]+"s" {
			t.Errorf("%s: owner %+v, child path %q", kind, res.Owner, res.ChildPath)
		}
		v := mustProp(t, m, mustObject(t, m, ref, kind+"_Spec"), "AzureName").Validation
		if v == nil || v.Pattern != "^"+want+"$" {
			t.Errorf("%s AzureName: %s", kind, show(v))
		}
	}
}

// TestRecursiveTypeEndsInJSON: error details that hold more error details are an object whose
// recursive property is free-form JSON, so the CRD schema has an end (pkg/codegen's
// TestValidationMarkers runs controller-gen's CRD generator on it).
func TestRecursiveTypeEndsInJSON(t *testing.T) {
	t.Parallel()
	m, err := buildFixture(t, "semantics")
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("widget", "2024-01-01")
	last := mustProp(t, m, mustObject(t, m, ref, "Widget_STATUS"), "LastError")
	name, ok := last.Type.(astmodel.TypeName)
	if !ok {
		t.Fatalf("LastError is a %T", last.Type)
	}
	details := mustProp(t, m, mustObject(t, m, ref, name.Name), "Details")
	if arr, ok := details.Type.(*astmodel.ArrayType); !ok || arr.Elem != astmodel.JSONType {
		t.Errorf("Details is %#v, want an array of JSON", details.Type)
	}
}
