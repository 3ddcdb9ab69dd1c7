package genruntime

import "testing"

// An extension's owner becomes the ResourceReference the resolver reads: by ARM ID a direct
// reference, by name one with the owner's group and kind.
func TestArbitraryOwnerReference(t *testing.T) {
	byID := ArbitraryOwnerReference{ARMID: "/subscriptions/s/resourceGroups/rg"}.AsResourceReference()
	if !byID.IsDirectARMReference() || byID.ARMID != "/subscriptions/s/resourceGroups/rg" {
		t.Errorf("by ARM ID: %+v", byID)
	}
	byName := ArbitraryOwnerReference{Group: "storage.azure.com", Kind: "StorageAccount", Name: "sa"}.AsResourceReference()
	if byName.IsDirectARMReference() || byName.String() != "storage.azure.com/StorageAccount/sa" {
		t.Errorf("by name: %+v", byName)
	}
	if err := ValidateOwner(*byName); err != nil {
		t.Errorf("by name: %v", err)
	}
	if err := ValidateOwner(*byID); err != nil {
		t.Errorf("by ARM ID: %v", err)
	}
}
