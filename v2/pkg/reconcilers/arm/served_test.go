package arm_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"

	network20220701 "github.com/asogen/asogen/v2/api/network/v1api20220701"
	network20240301 "github.com/asogen/asogen/v2/api/network/v1api20240301"
	hub "github.com/asogen/asogen/v2/api/network/v1api20240301/storage"
	storage "github.com/asogen/asogen/v2/api/storage/v1api20230101"
	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// approvedEndpoint is a PrivateEndpoint at v1api20220701 whose manual connection is approved.
func approvedEndpoint(name, rg string) *network20220701.PrivateEndpoint {
	pe := &network20220701.PrivateEndpoint{ObjectMeta: meta(name)}
	pe.Spec.Owner = owner(rg)
	pe.Spec.Location = ptr("westus2")
	pe.Spec.CustomNetworkInterfaceName = ptr(name + "-nic")
	pe.Spec.Subnet = &genruntime.ResourceReference{ARMID: rgID(rg) + "/providers/Microsoft.Network/virtualNetworks/vn/subnets/default"}
	pe.Spec.ManualPrivateLinkServiceConnections = []network20220701.PrivateLinkServiceConnection{{
		Name:                        ptr("to-storage"),
		PrivateLinkServiceReference: &genruntime.ResourceReference{ARMID: rgID(rg) + "/providers/Microsoft.Storage/storageAccounts/sa"},
		PrivateLinkServiceConnectionState: &network20220701.PrivateLinkServiceConnectionState{
			Status: ptr("Approved"), Description: ptr("Auto-approved"),
		},
	}}
	return pe
}

// apiVersions lists the api-version of every request with the given method to id.
func apiVersions(id, method string) []string {
	var out []string
	for _, r := range requests(id, method) {
		out = append(out, r.APIVersion)
	}
	return out
}

// A PrivateEndpoint applied at v1api20220701 is sent to ARM at 2022-07-01 (GET, PUT and DELETE),
// becomes Ready through its PostReconciliationChecker, and reads back intact at both versions;
// the storage object records the version it was written at.
func TestServedPrivateEndpointTalksToARMAtItsAPIVersion(t *testing.T) {
	createResourceGroup(t, "rg-served")
	pe := approvedEndpoint("pe-served", "rg-served")
	create(t, pe)
	waitReady(t, pe)
	id := rgID("rg-served") + "/providers/Microsoft.Network/privateEndpoints/pe-served"
	for _, v := range append(apiVersions(id, http.MethodPut), apiVersions(id, http.MethodGet)...) {
		if v != "2022-07-01" {
			t.Errorf("a request reached ARM at api-version %q, want 2022-07-01 (all: PUT %v GET %v)", v,
				apiVersions(id, http.MethodPut), apiVersions(id, http.MethodGet))
		}
	}
	if len(apiVersions(id, http.MethodPut)) == 0 {
		t.Fatal("no PUT reached ARM")
	}
	checkReadBack(t, pe)
	deleteAndWait(t, pe)
	if got := apiVersions(id, http.MethodDelete); len(got) == 0 || got[0] != "2022-07-01" {
		t.Errorf("DELETE api-versions %v, want 2022-07-01", got)
	}
}

// checkReadBack reads pe at the newer version, at its own version and as the hub.
func checkReadBack(t *testing.T, pe *network20220701.PrivateEndpoint) {
	t.Helper()
	key := client.ObjectKeyFromObject(pe)
	newer := &network20240301.PrivateEndpoint{}
	get(t, key, newer)
	if got := *newer.Spec.CustomNetworkInterfaceName; got != "pe-served-nic" {
		t.Errorf("v1api20240301 customNetworkInterfaceName = %q", got)
	}
	if newer.Spec.AzureName != "pe-served" {
		t.Errorf("azureName was not defaulted to metadata.name: %q", newer.Spec.AzureName)
	}
	if newer.Status.ID == nil || !strings.HasSuffix(*newer.Status.ID, "/privateEndpoints/pe-served") {
		t.Errorf("v1api20240301 status lost the ID: %v", newer.Status.ID)
	}
	older := &network20220701.PrivateEndpoint{}
	get(t, key, older)
	conn := older.Spec.ManualPrivateLinkServiceConnections
	if len(conn) != 1 || *conn[0].Name != "to-storage" || *conn[0].PrivateLinkServiceConnectionState.Status != "Approved" {
		t.Errorf("v1api20220701 connections changed: %+v", conn)
	}
	stored := &hub.PrivateEndpoint{}
	get(t, key, stored)
	if stored.OriginalVersion() != "v1api20220701" {
		t.Errorf("the hub records original version %q, want v1api20220701", stored.OriginalVersion())
	}
}

// A read-modify-write at v1api20240301 keeps the object's fields and moves it to that version:
// the next PUT goes to ARM at 2024-03-01. A read-modify-write back at v1api20220701 keeps the
// field only v1api20240301 has (through genruntime.HubOnlyAnnotation).
func TestServedUpdateAtNewerVersionMovesToIt(t *testing.T) {
	createResourceGroup(t, "rg-move")
	pe := approvedEndpoint("pe-move", "rg-move")
	create(t, pe)
	waitReady(t, pe)
	id := rgID("rg-move") + "/providers/Microsoft.Network/privateEndpoints/pe-move"
	newer := &network20240301.PrivateEndpoint{}
	modify(t, newer, func() {
		newer.Spec.IPVersionType = ptr(network20240301.PrivateEndpointIPVersionType("IPv4"))
		newer.Spec.Tags = map[string]string{"moved": "yes"}
	}, client.ObjectKeyFromObject(pe))
	waitUntil(t, "a PUT at 2024-03-01", func() bool {
		return strings.Contains(strings.Join(apiVersions(id, http.MethodPut), ","), "2024-03-01")
	})
	older := &network20220701.PrivateEndpoint{}
	get(t, client.ObjectKeyFromObject(pe), older)
	if *older.Spec.CustomNetworkInterfaceName != "pe-move-nic" || older.Spec.Tags["moved"] != "yes" {
		t.Errorf("fields lost by the update at v1api20240301: %+v", older.Spec)
	}
	// A read-modify-write back at v1api20220701 keeps ipVersionType, which that version lacks.
	modify(t, older, func() { older.Spec.Tags["back"] = "yes" })
	get(t, client.ObjectKeyFromObject(pe), newer)
	if newer.Spec.IPVersionType == nil || *newer.Spec.IPVersionType != "IPv4" || newer.Spec.Tags["back"] != "yes" {
		t.Errorf("the update at v1api20220701 lost ipVersionType or the tag: %v %v", newer.Spec.IPVersionType, newer.Spec.Tags)
	}
	if _, kept := newer.Annotations[genruntime.HubOnlyAnnotation]; kept {
		t.Errorf("the hub-only annotation leaked into storage: %v", newer.Annotations)
	}
	deleteAndWait(t, older)
}

// azureName and owner are write-once: the API server rejects a change, naming the field and both
// values, and nothing reaches ARM.
func TestServedWriteOnceFieldsAreRejected(t *testing.T) {
	createResourceGroup(t, "rg-writeonce")
	createResourceGroup(t, "rg-writeonce-other")
	sa := newStorageAccount("once1", "rg-writeonce")
	create(t, sa)
	waitReady(t, sa)
	before := len(suite.arm.Requests())
	rename := sa.DeepCopy()
	rename.Spec.AzureName = "renamed"
	expectRejected(t, rename, "spec.azureName is write-once", `"once1"`, `"renamed"`)
	move := sa.DeepCopy()
	move.Spec.Owner = owner("rg-writeonce-other")
	expectRejected(t, move, "spec.owner is write-once", `{name: "rg-writeonce"}`, `{name: "rg-writeonce-other"}`)
	time.Sleep(300 * time.Millisecond)
	for _, r := range suite.arm.Requests()[before:] {
		if r.Method == http.MethodPut && strings.Contains(r.Path, "renamed") || strings.Contains(r.Path, "rg-writeonce-other/providers") {
			t.Errorf("a rejected update reached ARM: %s %s", r.Method, r.Path)
		}
	}
}

// An owner that names neither a Kubernetes object nor an ARM ID, or both, is rejected with what
// to set. (A missing owner is already rejected by the CRD's schema.)
func TestServedOwnerMustNameExactlyOneResource(t *testing.T) {
	cases := map[string]struct {
		owner *genruntime.KnownResourceReference
		want  string
	}{
		"empty": {&genruntime.KnownResourceReference{}, "spec.owner is required: set spec.owner.name to the name of the ResourceGroup"},
		"both": {&genruntime.KnownResourceReference{Name: "rg", ARMID: rgID("rg")},
			`spec.owner sets both name "rg" and armId`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			sa := &storage.StorageAccount{ObjectMeta: meta("orphan-" + name)}
			sa.Spec.Owner = c.owner
			sa.Spec.Location = "westus2"
			sa.Spec.Sku = storage.Sku{Name: "Standard_LRS"}
			sa.Spec.Kind = "StorageV2"
			err := suite.kube.Create(context.Background(), sa)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("create with owner %+v: %v, want %q", c.owner, err, c.want)
			}
		})
	}
}

func expectRejected(t *testing.T, obj client.Object, parts ...string) {
	t.Helper()
	err := suite.kube.Update(context.Background(), obj)
	if err == nil || !apierrors.IsForbidden(err) && !apierrors.IsInvalid(err) && !strings.Contains(err.Error(), "denied") {
		t.Fatalf("update of %s was not rejected: %v", obj.GetName(), err)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("rejection %q does not contain %q", err.Error(), p)
		}
	}
}

// modify reads obj (at key, or its own), changes it and writes it back, again on a conflict with
// the reconciler's own updates: what kubectl edit does.
func modify(t *testing.T, obj client.Object, change func(), key ...client.ObjectKey) {
	t.Helper()
	k := client.ObjectKeyFromObject(obj)
	if len(key) > 0 {
		k = key[0]
	}
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := suite.kube.Get(context.Background(), k, obj); err != nil {
			return err
		}
		change()
		return suite.kube.Update(context.Background(), obj)
	})
	if err != nil {
		t.Fatalf("updating %s: %v", k.Name, err)
	}
}

func get(t *testing.T, key client.ObjectKey, obj client.Object) {
	t.Helper()
	if err := suite.kube.Get(context.Background(), key, obj); err != nil {
		t.Fatalf("reading %s as %T: %v", key.Name, obj, err)
	}
}

// deleteAndWait deletes obj and waits until the finalizer has let it go.
func deleteAndWait(t *testing.T, obj client.Object) {
	t.Helper()
	if err := suite.kube.Delete(context.Background(), obj); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, obj.GetName()+" to be removed", func() bool {
		return apierrors.IsNotFound(suite.kube.Get(context.Background(), client.ObjectKeyFromObject(obj), obj))
	})
}
