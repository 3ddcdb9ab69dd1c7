package arm_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	containerservice "github.com/asogen/asogen/v2/api/containerservice/v1api20231001"
	network "github.com/asogen/asogen/v2/api/network/v1api20240301"
	storage "github.com/asogen/asogen/v2/api/storage/v1api20230101"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// TestReferencesByKubernetesName: a PrivateEndpoint's connection names a StorageAccount by
// group, kind and name (privateLinkServiceId, marked armID by the config). While the account
// does not exist the endpoint waits with a ReferenceNotFound Warning and sends no PUT; once the
// account exists in Azure (claimed and Ready) the endpoint's PUT carries the account's ARM ID.
func TestReferencesByKubernetesName(t *testing.T) {
	createResourceGroup(t, "rg-refs")
	pe := &network.PrivateEndpoint{ObjectMeta: meta("pe-refs")}
	pe.Spec.Owner = owner("rg-refs")
	pe.Spec.Location = ptr("westus2")
	pe.Spec.Subnet = &genruntime.ResourceReference{ARMID: rgID("rg-refs") + "/providers/Microsoft.Network/virtualNetworks/vn/subnets/default"}
	pe.Spec.PrivateLinkServiceConnections = []network.PrivateLinkServiceConnection{{
		Name:                        ptr("to-blob"),
		GroupIds:                    []string{"blob"},
		PrivateLinkServiceReference: &genruntime.ResourceReference{Group: "storage.azure.com", Kind: "StorageAccount", Name: "sarefs"},
	}}
	create(t, pe)
	id := rgID("rg-refs") + "/providers/Microsoft.Network/privateEndpoints/pe-refs"
	cond := waitReason(t, pe, conditions.SeverityWarning, conditions.ReasonReferenceNotFound.Name)
	if !strings.Contains(cond.Message, "storage.azure.com/StorageAccount/sarefs") {
		t.Errorf("the Warning should name the reference: %q", cond.Message)
	}
	if n := len(requests(id, http.MethodPut)); n != 0 {
		t.Fatalf("%d PUTs before the reference resolved", n)
	}

	sa := &storage.StorageAccount{ObjectMeta: meta("sarefs")}
	sa.Spec.Owner = owner("rg-refs")
	sa.Spec.Location = "westus2"
	sa.Spec.Sku = storage.Sku{Name: "Standard_LRS"}
	sa.Spec.Kind = "StorageV2"
	create(t, sa)
	waitReady(t, sa)
	waitReady(t, pe)
	saID := rgID("rg-refs") + "/providers/Microsoft.Storage/storageAccounts/sarefs"
	puts := requests(id, http.MethodPut)
	if len(puts) == 0 || !bytes.Contains(puts[len(puts)-1].Body, []byte(`"privateLinkServiceId":"`+saID+`"`)) {
		t.Fatalf("the PUT should carry the account's ARM ID %s; PUTs: %d", saID, len(puts))
	}
	// The endpoint waited for the account to exist in Azure, not only to be claimed: its first
	// PUT comes after the account's PUT succeeded (order in the request log).
	saPuts := requests(saID, http.MethodPut)
	if len(saPuts) == 0 || saPuts[0].Status >= 300 || !puts[0].Time.After(saPuts[0].Time) {
		t.Fatalf("the endpoint's PUT did not follow the account's successful PUT")
	}
}

// TestReferencesUserAssignedIdentities: the Spec lists identities as references; the PUT body
// carries ARM's map keyed by their ARM IDs with empty objects.
func TestReferencesUserAssignedIdentities(t *testing.T) {
	createResourceGroup(t, "rg-identity")
	identityID := rgID("rg-identity") + "/providers/Microsoft.ManagedIdentity/userAssignedIdentities/builder"
	mc := &containerservice.ManagedCluster{ObjectMeta: meta("mc-identity")}
	mc.Spec.Owner = owner("rg-identity")
	mc.Spec.Location = "westus2"
	userAssigned := containerservice.ResourceIdentityType("UserAssigned")
	mc.Spec.Identity = &containerservice.ManagedClusterIdentity{
		Type:                   &userAssigned,
		UserAssignedIdentities: []containerservice.UserAssignedIdentityDetails{{Reference: genruntime.ResourceReference{ARMID: identityID}}},
	}
	create(t, mc)
	waitReady(t, mc)
	id := rgID("rg-identity") + "/providers/Microsoft.ContainerService/managedClusters/mc-identity"
	puts := requests(id, http.MethodPut)
	want := `"userAssignedIdentities":{"` + identityID + `":{}}`
	if len(puts) == 0 || !bytes.Contains(puts[len(puts)-1].Body, []byte(want)) {
		t.Fatalf("the PUT should carry %s", want)
	}
}
