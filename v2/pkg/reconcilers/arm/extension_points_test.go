package arm_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	containerservice "github.com/asogen/asogen/v2/api/containerservice/v1api20231001"
	kusto "github.com/asogen/asogen/v2/api/kusto/v1api20221229"
	network "github.com/asogen/asogen/v2/api/network/v1api20240301"
	storagecustomizations "github.com/asogen/asogen/v2/api/storage/customizations"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
)

// ErrorClassifier: PrivateEndpoint's classifier makes ReferencedResourceNotProvisioned (a 400,
// fatal by default) retryable, so the PUT is retried until the subnet settles and the endpoint
// becomes Ready without a spec change.
func TestExtensionErrorClassifierRetriesReclassifiedError(t *testing.T) {
	createResourceGroup(t, "rg-classify")
	id := rgID("rg-classify") + "/providers/Microsoft.Network/privateEndpoints/pe-settling"
	suite.arm.AddFault(armserver.Fault{Method: http.MethodPut, ID: id, Status: http.StatusBadRequest,
		Code: "ReferencedResourceNotProvisioned", Message: "Subnet default is in Updating state.", Times: 2})
	pe := &network.PrivateEndpoint{ObjectMeta: meta("pe-settling")}
	pe.Spec.Owner = owner("rg-classify")
	pe.Spec.Location = ptr("westus2")
	pe.Spec.Subnet = &genruntime.ResourceReference{ARMID: rgID("rg-classify") + "/providers/Microsoft.Network/virtualNetworks/vn/subnets/default"}
	create(t, pe)
	waitReady(t, pe)
	var statuses []int
	for _, r := range requests(id, http.MethodPut) {
		statuses = append(statuses, r.Status)
	}
	if len(statuses) != 3 || statuses[0] != 400 || statuses[1] != 400 || statuses[2] >= 300 {
		t.Fatalf("PUT statuses %v; want two 400s retried, then success", statuses)
	}
	if !suite.logs.contains("pe-settling", "Classified the ARM error", "ReferencedResourceNotProvisioned") {
		t.Error("the classification was not logged")
	}
}

// ARMResourceModifier: a ManagedCluster whose spec lists no agent pools is PUT with the pools the
// cluster has in Azure; the request log's PUT body shows them.
func TestExtensionARMResourceModifierPayloadIsWhatARMReceived(t *testing.T) {
	createResourceGroup(t, "rg-pools")
	id := rgID("rg-pools") + "/providers/Microsoft.ContainerService/managedClusters/aks-pools"
	pools := []any{map[string]any{"name": "systempool", "count": 3, "vmSize": "Standard_D4s_v5", "mode": "System"}}
	seed := map[string]any{"location": "westus2", "properties": map[string]any{"dnsPrefix": "aks", "agentPoolProfiles": pools}}
	if err := suite.arm.Seed(id, seed); err != nil {
		t.Fatal(err)
	}
	mc := &containerservice.ManagedCluster{ObjectMeta: meta("aks-pools")}
	mc.Spec.Owner = owner("rg-pools")
	mc.Spec.Location = "westus2"
	mc.Spec.DNSPrefix = ptr("aks")
	create(t, mc)
	waitReady(t, mc)
	puts := requests(id, http.MethodPut)
	if len(puts) == 0 {
		t.Fatal("no PUT reached ARM")
	}
	body := string(puts[0].Body)
	for _, want := range []string{`"agentPoolProfiles":[{`, `"name":"systempool"`, `"count":3`, `"dnsPrefix":"aks"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the PUT ARM received lacks %s:\n%s", want, body)
		}
	}
}

// Deleter: a kusto Database deleted while its Cluster is being deleted is left to go with the
// cluster: the object is removed, no DELETE reaches the database and it is still in ARM.
func TestExtensionDeleterSkipsARMDelete(t *testing.T) {
	createResourceGroup(t, "rg-del-db")
	clusterID := rgID("rg-del-db") + "/providers/Microsoft.Kusto/clusters/adx-del"
	cluster := newKustoCluster("adx-del", "rg-del-db")
	create(t, cluster)
	waitReady(t, cluster)
	db := &kusto.Database{ObjectMeta: meta("db-del")}
	db.Spec.Owner = owner("adx-del")
	db.Spec.ReadWrite = &kusto.ReadWriteDatabase{Location: ptr("westus2")}
	create(t, db)
	waitReady(t, db)
	// The cluster's own ARM DELETE is held back, so it stays in Kubernetes, being deleted.
	suite.arm.AddFault(armserver.Fault{Method: http.MethodDelete, ID: clusterID, Status: http.StatusConflict, Times: 1 << 20})
	defer suite.arm.ClearFaults()
	deleteObject(t, cluster)
	waitDeleting(t, cluster)
	deleteObject(t, db)
	waitGone(t, db)
	dbID := clusterID + "/databases/db-del"
	if n := len(requests(dbID, http.MethodDelete)); n != 0 {
		t.Errorf("%d DELETEs reached the database; the Deleter should have skipped them", n)
	}
	if _, exists := suite.arm.Get(dbID); !exists {
		t.Error("the database is gone from ARM; it should be left to its cluster")
	}
	suite.arm.ClearFaults()
	waitGone(t, cluster)
}

// SuccessfulCreationHandler: StorageAccount records Azure's creation time once; later reconciles
// (spec changes, each a PUT) do not run it again.
func TestExtensionCreationHandlerRunsOnce(t *testing.T) {
	createResourceGroup(t, "rg-once")
	id := rgID("rg-once") + "/providers/Microsoft.Storage/storageAccounts/saonce"
	if err := suite.arm.Seed(id, map[string]any{"location": "westus2"}); err != nil {
		t.Fatal(err)
	}
	const created = "2026-11-24T21:00:00Z"
	if err := suite.arm.SetProperty(id, []string{"properties", "creationTime"}, created); err != nil {
		t.Fatal(err)
	}
	sa := newStorageAccount("saonce", "rg-once")
	create(t, sa)
	waitReady(t, sa)
	for _, tag := range []string{"one", "two"} {
		modify(t, sa, func() { sa.Spec.Tags = map[string]string{"round": tag} })
		waitFor(t, sa, "Ready at generation "+tag, func(c conditions.Condition) bool {
			return c.IsTrue() && c.ObservedGeneration == sa.GetGeneration()
		})
	}
	if n := len(requests(id, http.MethodPut)); n != 3 {
		t.Errorf("%d PUTs; want 3 reconciles that reached ARM", n)
	}
	if n := suite.logs.count("saonce", "Handled the creation"); n != 1 {
		t.Errorf("the creation handler ran %d times, want once", n)
	}
	annotations := sa.GetAnnotations()
	if annotations[storagecustomizations.CreationTimeAnnotation] != created || annotations[extensions.CreatedAnnotation] != "true" {
		t.Errorf("annotations %v; want the creation time recorded and the handler marked as run", annotations)
	}
}

func deleteObject(t *testing.T, obj client.Object) {
	t.Helper()
	if err := suite.kube.Delete(context.Background(), obj); err != nil {
		t.Fatal(err)
	}
}

// waitDeleting waits until obj carries a deletion timestamp.
func waitDeleting(t *testing.T, obj client.Object) {
	t.Helper()
	waitUntil(t, obj.GetName()+" being deleted", func() bool {
		err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(obj), obj)
		return err == nil && !obj.GetDeletionTimestamp().IsZero()
	})
}

// waitGone waits until obj no longer exists in Kubernetes.
func waitGone(t *testing.T, obj client.Object) {
	t.Helper()
	waitUntil(t, obj.GetName()+" removed", func() bool {
		return apierrors.IsNotFound(suite.kube.Get(context.Background(), client.ObjectKeyFromObject(obj), obj))
	})
}

func waitUntil(t *testing.T, what string, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// count returns how many logged lines contain every one of parts.
func (s *logSink) count(parts ...string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, l := range s.lines {
		if containsAll(l, parts) {
			n++
		}
	}
	return n
}
