package openapi

import (
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
)

// TestScopeOfPath reads the scope from the segments before the last providers segment.
func TestScopeOfPath(t *testing.T) {
	cases := map[string]astmodel.Scope{
		"/subscriptions/{s}/resourceGroups/{rg}/providers/Microsoft.Storage/storageAccounts/{a}":                             astmodel.ScopeResourceGroup,
		"/subscriptions/{s}/resourceGroups/{rg}/providers/Microsoft.Storage/storageAccounts/{a}/blobServices/default":        astmodel.ScopeResourceGroup,
		"/subscriptions/{s}/providers/Microsoft.Consumption/budgets/{b}":                                                     astmodel.ScopeSubscription,
		"/subscriptions/{s}/resourcegroups/{rg}":                                                                             astmodel.ScopeSubscription,
		"/providers/Microsoft.Management/managementGroups/{g}":                                                               astmodel.ScopeTenant,
		"/{scope}/providers/Microsoft.Resources/tags/default":                                                                astmodel.ScopeExtension,
		"/{resourceUri}/providers/Microsoft.Insights/diagnosticSettings/{name}":                                              astmodel.ScopeExtension,
		"/{resourceId}/providers/Microsoft.Scope/labels/{l}":                                                                 astmodel.ScopeExtension,
		"/subscriptions/{s}/resourceGroups/{rg}/providers/Microsoft.Web/sites/{w}/providers/Microsoft.Insights/settings/{n}": astmodel.ScopeExtension,
		"/providers/Microsoft.Management/managementGroups/{g}/providers/Microsoft.Insights/diagnosticSettings/{n}":           astmodel.ScopeExtension,
	}
	for path, want := range cases {
		if got := describePath(path).Scope; got != want {
			t.Errorf("%s: scope %q, want %q", path, got, want)
		}
	}
}

// TestScopes builds one resource of each scope from a small spec: the owner, the Owner field's
// type and the child path (what the ARM ID is built from) follow the scope; an extension takes
// any resource as owner, and its child extension its parent.
func TestScopes(t *testing.T) {
	m, err := buildFixture(t, "scopes")
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("scope", "2024-01-01")
	cases := map[string]struct {
		scope     astmodel.Scope
		owner     string // owner kind, "" when none
		ownerType astmodel.Type
		childPath string
	}{
		"Gadget":       {astmodel.ScopeResourceGroup, "ResourceGroup", astmodel.KnownResourceReferenceType, "/providers/Microsoft.Scope/gadgets"},
		"Budget":       {astmodel.ScopeSubscription, "", nil, "/providers/Microsoft.Scope/budgets"},
		"TenantPolicy": {astmodel.ScopeTenant, "", nil, "/providers/Microsoft.Scope/tenantPolicies"},
		"Note":         {astmodel.ScopeExtension, "", astmodel.ArbitraryOwnerType, "/providers/Microsoft.Scope/notes"},
		"Reply":        {astmodel.ScopeExtension, "Note", astmodel.KnownResourceReferenceType, "/replies"},
		"Label":        {astmodel.ScopeExtension, "", astmodel.ArbitraryOwnerType, "/providers/Microsoft.Scope/labels"},
		"Mark":         {astmodel.ScopeExtension, "", astmodel.ArbitraryOwnerType, "/providers/Microsoft.Scope/marks"},
	}
	for kind, want := range cases {
		res, ok := m.Packages[ref].Definitions[kind].(*astmodel.Resource)
		if !ok {
			t.Fatalf("no resource %s", kind)
		}
		owner := ""
		if res.Owner != nil {
			owner = res.Owner.Kind
		}
		if res.Scope != want.scope || owner != want.owner || res.ChildPath != want.childPath {
			t.Errorf("%s: scope %q, owner %q, child path %q; want %q, %q, %q", kind, res.Scope, owner, res.ChildPath, want.scope, want.owner, want.childPath)
		}
		if res.ArbitraryOwner() != (want.ownerType == astmodel.ArbitraryOwnerType) {
			t.Errorf("%s: ArbitraryOwner() = %v", kind, res.ArbitraryOwner())
		}
		if got := ownerFieldType(mustObject(t, m, ref, kind+"_Spec")); got != want.ownerType {
			t.Errorf("%s: Owner field of type %v, want %v", kind, got, want.ownerType)
		}
		k, _ := m.Kind("scope", kind)
		if k == nil || k.Scope != want.scope {
			t.Errorf("%s: kind %+v does not carry scope %q", kind, k, want.scope)
		}
	}
}

// ownerFieldType is the type of the Spec's Owner property, nil when it has none.
func ownerFieldType(obj *astmodel.Object) astmodel.Type {
	for _, p := range obj.Properties {
		if p.Name == "Owner" {
			return p.Type
		}
	}
	return nil
}

// TestRealSpecsExtensionSingleton reads the real /{scope}/providers/Microsoft.Resources/tags/default
// (resources 2021-04-01): an extension of any resource with the one name "default".
func TestRealSpecsExtensionSingleton(t *testing.T) {
	realSpecs(t)
	m, err := buildDisk(loadConfigText(t, `module: example.com/tags
specRoot: ${ASOGEN_AZURE_SPECS}
groups:
  - name: resources
    path: specification/resources/resource-manager/Microsoft.Resources
resources:
  - group: resources
    kind: Tag
    versions: ["2021-04-01"]
`))
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("resources", "2021-04-01")
	res, ok := m.Packages[ref].Definitions["Tag"].(*astmodel.Resource)
	if !ok {
		t.Fatal("no resource Tag")
	}
	if res.Scope != astmodel.ScopeExtension || !res.ArbitraryOwner() || res.FixedName != "default" ||
		res.ChildPath != "/providers/Microsoft.Resources/tags" || res.ARMType != "Microsoft.Resources/tags" {
		t.Errorf("Tag: scope %q, arbitrary owner %v, fixed name %q, child path %q, ARM type %q",
			res.Scope, res.ArbitraryOwner(), res.FixedName, res.ChildPath, res.ARMType)
	}
	if got := ownerFieldType(mustObject(t, m, ref, "Tag_Spec")); got != astmodel.ArbitraryOwnerType {
		t.Errorf("Tag's Owner field of type %v", got)
	}
}
