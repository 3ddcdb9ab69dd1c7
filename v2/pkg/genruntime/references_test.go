package genruntime

import (
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

const vnetID = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vnet"

func TestResourceReferenceValidate(t *testing.T) {
	cases := []struct {
		name    string
		ref     ResourceReference
		wantErr string
	}{
		{"kubernetes", ResourceReference{Group: "network.azure.com", Kind: "VirtualNetwork", Name: "vnet"}, ""},
		{"arm id", ResourceReference{ARMID: vnetID}, ""},
		{"both", ResourceReference{Kind: "VirtualNetwork", ARMID: vnetID}, "not both"},
		{"empty", ResourceReference{}, "all required"},
		{"missing kind", ResourceReference{Group: "g", Name: "n"}, "all required"},
		{"missing group", ResourceReference{Kind: "k", Name: "n"}, "all required"},
		{"missing name", ResourceReference{Group: "g", Kind: "k"}, "all required"},
		{"arm id without subscription", ResourceReference{ARMID: "/resourceGroups/rg"}, "must start with"},
		{"arm id bare prefix", ResourceReference{ARMID: "/subscriptions/"}, "must start with"},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.ref.Validate()
			if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
				t.Errorf("Validate() = %v, want error containing %q", err, c.wantErr)
			}
		})
	}
}

func TestResourceReferenceAccessors(t *testing.T) {
	kube := ResourceReference{Group: "network.azure.com", Kind: "VirtualNetwork", Name: "vnet"}
	direct := ResourceReference{ARMID: vnetID}
	if kube.IsDirectARMReference() || !direct.IsDirectARMReference() {
		t.Errorf("IsDirectARMReference wrong")
	}

	if kube.GroupKind() != (schema.GroupKind{Group: "network.azure.com", Kind: "VirtualNetwork"}) {
		t.Errorf("GroupKind = %v", kube.GroupKind())
	}

	if kube.String() != "network.azure.com/VirtualNetwork/vnet" || direct.String() != vnetID {
		t.Errorf("String = %q, %q", kube.String(), direct.String())
	}
}

func TestKnownResourceReference(t *testing.T) {
	cases := []struct {
		name    string
		ref     KnownResourceReference
		want    *ResourceReference
		wantErr bool
	}{
		{"by name", KnownResourceReference{Name: "rg"}, &ResourceReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "rg"}, false},
		{"by arm id", KnownResourceReference{ARMID: vnetID}, &ResourceReference{ARMID: vnetID}, false},
		{"both", KnownResourceReference{Name: "rg", ARMID: vnetID}, &ResourceReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "rg", ARMID: vnetID}, true},
		{"neither", KnownResourceReference{}, &ResourceReference{Group: "resources.azure.com", Kind: "ResourceGroup"}, true},
		{"bad arm id", KnownResourceReference{ARMID: "rg"}, &ResourceReference{ARMID: "rg"}, true},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.ref.Validate(); (err != nil) != c.wantErr {
				t.Errorf("Validate() = %v, wantErr %v", err, c.wantErr)
			}

			got := c.ref.AsResourceReference("resources.azure.com", "ResourceGroup")
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("AsResourceReference = %+v, want %+v", got, c.want)
			}

			if (got.Validate() != nil) != c.wantErr {
				t.Errorf("the completed reference's validity differs from the owner's")
			}
		})
	}
}

type spec struct {
	Owner    *KnownResourceReference
	Subnet   *ResourceReference
	Configs  []config
	ByName   map[string]ResourceReference
	Anything any
	hidden   ResourceReference
}

type config struct {
	Target ResourceReference
}

func TestFindResourceReferences(t *testing.T) {
	a := ResourceReference{Group: "g", Kind: "K", Name: "a"}
	b := ResourceReference{Group: "g", Kind: "K", Name: "b"}
	direct := ResourceReference{ARMID: vnetID}
	s := &spec{
		Owner:    &KnownResourceReference{Name: "owner"},
		Subnet:   &b,
		Configs:  []config{{Target: a}, {Target: b}},
		ByName:   map[string]ResourceReference{"x": direct},
		Anything: config{Target: a},
		hidden:   ResourceReference{Group: "g", Kind: "K", Name: "hidden"},
	}

	got := FindResourceReferences(s)
	want := []ResourceReference{direct, a, b}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FindResourceReferences = %v, want %v", got, want)
	}

	if refs := FindResourceReferences(nil); len(refs) != 0 {
		t.Errorf("FindResourceReferences(nil) = %v", refs)
	}
}

func TestResolvedReferencesLookup(t *testing.T) {
	kube := ResourceReference{Group: "g", Kind: "K", Name: "a"}
	ids := map[ResourceReference]string{kube: vnetID}
	resolved := NewResolvedReferences(ids)
	delete(ids, kube)
	cases := []struct {
		name    string
		refs    ResolvedReferences
		ref     ResourceReference
		want    string
		wantErr bool
	}{
		{"resolved", resolved, kube, vnetID, false},
		{"direct needs no entry", ResolvedReferences{}, ResourceReference{ARMID: vnetID}, vnetID, false},
		{"unresolved", resolved, ResourceReference{Group: "g", Kind: "K", Name: "other"}, "", true},
		{"zero value", ResolvedReferences{}, kube, "", true},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.refs.Lookup(c.ref)
			if got != c.want || (err != nil) != c.wantErr {
				t.Errorf("Lookup = %q, %v", got, err)
			}
		})
	}

	if resolved.Len() != 1 {
		t.Errorf("Len = %d; NewResolvedReferences must copy its input", resolved.Len())
	}
}
