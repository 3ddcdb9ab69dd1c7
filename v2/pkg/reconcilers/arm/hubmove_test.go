package arm_test

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/go-logr/logr"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	network20220701 "github.com/asogen/asogen/v2/api/network/v1api20220701"
	network20240301 "github.com/asogen/asogen/v2/api/network/v1api20240301"
	"github.com/asogen/asogen/v2/internal/controllers"
	"github.com/asogen/asogen/v2/pkg/storageversion"
)

const peCRD = "privateendpoints.network.azure.com"

// setStorageVersion makes version the storage version of the PrivateEndpoint CRD.
func setStorageVersion(t *testing.T, version string) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := suite.kube.Get(context.Background(), client.ObjectKey{Name: peCRD}, crd); err != nil {
		t.Fatal(err)
	}
	for i := range crd.Spec.Versions {
		crd.Spec.Versions[i].Storage = crd.Spec.Versions[i].Name == version
	}
	if err := suite.kube.Update(context.Background(), crd); err != nil {
		t.Fatal(err)
	}
	return crd
}

func storedVersions(t *testing.T) []string {
	t.Helper()
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := suite.kube.Get(context.Background(), client.ObjectKey{Name: peCRD}, crd); err != nil {
		t.Fatal(err)
	}
	return crd.Status.StoredVersions
}

// A hub move with objects already stored: objects written while v1api20220701storage was the
// storage version are still read after the move, migrated (storedVersions ends with only the new
// hub), reconciled at the version they were written at, and deleted.
func TestServedHubMoveKeepsStoredObjects(t *testing.T) {
	createResourceGroup(t, "rg-hubmove")
	setStorageVersion(t, "v1api20220701storage")
	// The API server swaps a CRD's storage once its informer sees the update.
	time.Sleep(time.Second)
	pe := approvedEndpoint("pe-hubmove", "rg-hubmove")
	create(t, pe)
	waitReady(t, pe)
	setStorageVersion(t, "v1api20240301storage") // the hub moves back to the newest version
	before := pe.GetResourceVersion()

	migrator := storageversion.Migrator{Client: suite.kube, Resources: controllers.KnownResources(), Log: logr.Discard()}
	if err := migrator.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := storedVersions(t); !slices.Equal(got, []string{"v1api20240301storage"}) {
		t.Errorf("storedVersions after the migration = %v", got)
	}
	newer := &network20240301.PrivateEndpoint{}
	get(t, client.ObjectKeyFromObject(pe), newer)
	if newer.GetResourceVersion() == before || *newer.Spec.CustomNetworkInterfaceName != "pe-hubmove-nic" {
		t.Errorf("the object was not rewritten intact: resourceVersion %s (was %s), spec %+v", newer.GetResourceVersion(), before, newer.Spec)
	}
	reconciledAtOriginalVersion(t, pe)
	// Delete at the version the user applied: every write records its version, a DELETE too (the
	// API server writes the deletion timestamp at the version of the request).
	deleteAndWait(t, pe)
	id := rgID("rg-hubmove") + "/providers/Microsoft.Network/privateEndpoints/pe-hubmove"
	if got := apiVersions(id, http.MethodDelete); len(got) == 0 || got[len(got)-1] != "2022-07-01" {
		t.Errorf("DELETE api-versions %v, want 2022-07-01", got)
	}
}

// reconciledAtOriginalVersion changes a tag at v1api20220701 and waits for the PUT at 2022-07-01.
func reconciledAtOriginalVersion(t *testing.T, pe *network20220701.PrivateEndpoint) {
	t.Helper()
	id := rgID("rg-hubmove") + "/providers/Microsoft.Network/privateEndpoints/pe-hubmove"
	puts := len(requests(id, http.MethodPut))
	modify(t, pe, func() { pe.Spec.Tags = map[string]string{"after": "move"} })
	waitUntil(t, "a PUT after the move", func() bool { return len(requests(id, http.MethodPut)) > puts })
	if got := apiVersions(id, http.MethodPut); got[len(got)-1] != "2022-07-01" {
		t.Errorf("PUT after the move at %v, want 2022-07-01", got)
	}
}
