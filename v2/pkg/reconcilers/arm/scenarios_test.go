package arm_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	containerservice "github.com/asogen/asogen/v2/api/containerservice/v1api20231001"
	kusto "github.com/asogen/asogen/v2/api/kusto/v1api20221229"
	network "github.com/asogen/asogen/v2/api/network/v1api20220701"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/reconcilers/arm"
)

func owner(name string) *genruntime.KnownResourceReference {
	return &genruntime.KnownResourceReference{Name: name}
}

func meta(name string) metav1.ObjectMeta {
	return metav1.ObjectMeta{Name: name, Namespace: namespace}
}

// A PrivateEndpoint whose manual connection is Pending is not Ready until the connection is
// approved (seed 000/001's PostReconciliationChecker example).
func TestPrivateEndpointWaitsForApproval(t *testing.T) {
	createResourceGroup(t, "rg-pe")
	pe := &network.PrivateEndpoint{ObjectMeta: meta("pe1")}
	pe.Spec.Owner = owner("rg-pe")
	pe.Spec.Location = ptr("westus2")
	pe.Spec.Subnet = &genruntime.ResourceReference{ARMID: rgID("rg-pe") + "/providers/Microsoft.Network/virtualNetworks/vn/subnets/default"}
	pe.Spec.ManualPrivateLinkServiceConnections = []network.PrivateLinkServiceConnection{{
		Name:                        ptr("to-storage"),
		PrivateLinkServiceReference: &genruntime.ResourceReference{ARMID: rgID("rg-pe") + "/providers/Microsoft.Storage/storageAccounts/sa"},
		PrivateLinkServiceConnectionState: &network.PrivateLinkServiceConnectionState{
			Status: ptr("Pending"), Description: ptr("Awaiting approval"),
		},
	}}
	create(t, pe)
	cond := waitReason(t, pe, conditions.SeverityWarning, conditions.ReasonPostReconciliationFailure.Name)
	if !strings.Contains(cond.Message, "to-storage") {
		t.Errorf("the failure should name the pending connection: %q", cond.Message)
	}
	id := rgID("rg-pe") + "/providers/Microsoft.Network/privateEndpoints/pe1"
	path := []string{"properties", "manualPrivateLinkServiceConnections", "0", "properties", "privateLinkServiceConnectionState", "status"}
	if err := suite.arm.SetProperty(id, path, "Approved"); err != nil {
		t.Fatal(err)
	}
	waitReady(t, pe)
}

// A kusto Database is not touched at all while its Cluster is stopped (seed 003's owner check).
func TestKustoDatabaseBlockedWhileClusterStopped(t *testing.T) {
	createResourceGroup(t, "rg-kusto")
	cluster := newKustoCluster("adx1", "rg-kusto")
	create(t, cluster)
	waitReady(t, cluster)
	clusterID := rgID("rg-kusto") + "/providers/Microsoft.Kusto/clusters/adx1"
	if err := suite.arm.SetProperty(clusterID, []string{"properties", "state"}, "Stopped"); err != nil {
		t.Fatal(err)
	}
	clusterGETs := len(requests(clusterID, http.MethodGet))

	db := &kusto.Database{ObjectMeta: meta("db1")}
	db.Spec.Owner = owner("adx1")
	db.Spec.ReadWrite = &kusto.ReadWriteDatabase{Location: ptr("westus2"), SoftDeletePeriod: ptr("P30D")}
	create(t, db)
	cond := waitReason(t, db, conditions.SeverityWarning, conditions.ReasonReconciliationBlocked.Name)
	if !strings.Contains(cond.Message, "Stopped") {
		t.Errorf("the block should give the cluster's state: %q", cond.Message)
	}
	dbID := clusterID + "/databases/db1"
	if anyRequest(dbID) {
		t.Errorf("no request may reach the database while blocked: %+v", suite.arm.RequestsFor(dbID))
	}
	if len(requests(clusterID, http.MethodGet)) <= clusterGETs {
		t.Error("the owner must be refreshed from ARM (GET on the cluster) before the owner check")
	}
	if err := suite.arm.SetProperty(clusterID, []string{"properties", "state"}, "Running"); err != nil {
		t.Fatal(err)
	}
	waitReady(t, db)
	if len(requests(dbID, http.MethodPut)) == 0 {
		t.Error("the database was never created")
	}
}

// No PUT goes to a ManagedCluster while it is Updating (seed 004's precondition example).
func TestManagedClusterWaitsWhileUpdating(t *testing.T) {
	createResourceGroup(t, "rg-aks")
	id := rgID("rg-aks") + "/providers/Microsoft.ContainerService/managedClusters/aks1"
	seed := map[string]any{"location": "westus2", "properties": map[string]any{"provisioningState": "Updating", "dnsPrefix": "aks1"}}
	if err := suite.arm.Seed(id, seed); err != nil {
		t.Fatal(err)
	}
	mc := &containerservice.ManagedCluster{ObjectMeta: meta("aks1")}
	mc.Spec.Owner = owner("rg-aks")
	mc.Spec.Location = "westus2"
	mc.Spec.DNSPrefix = ptr("aks1")
	create(t, mc)
	cond := waitReason(t, mc, conditions.SeverityWarning, conditions.ReasonReconciliationBlocked.Name)
	if !strings.Contains(cond.Message, "Updating") {
		t.Errorf("the block should give the provisioning state: %q", cond.Message)
	}
	time.Sleep(500 * time.Millisecond) // several backoff rounds
	if n := len(requests(id, http.MethodPut)); n != 0 {
		t.Fatalf("%d PUTs were sent while the cluster was Updating", n)
	}
	if err := suite.arm.SetProvisioningState(id, "Succeeded"); err != nil {
		t.Fatal(err)
	}
	waitReady(t, mc)
	if len(requests(id, http.MethodPut)) == 0 {
		t.Error("no PUT after the cluster settled")
	}
}

// An extension returning an error gives a Warning naming the check, logs the error, and the
// reconcile is retried until the check succeeds.
func TestCheckerErrorIsRetried(t *testing.T) {
	createResourceGroup(t, "rg-err")
	suite.hooks.failures.Store(3)
	redis := newRedis("failing-redis", "rg-err")
	create(t, redis)
	cond := waitReason(t, redis, conditions.SeverityWarning, conditions.ReasonFailed.Name)
	if !strings.Contains(cond.Message, "PreReconcileCheck failed") || !strings.Contains(cond.Message, errTransient.Error()) {
		t.Errorf("the condition should name the failed check and its error: %q", cond.Message)
	}
	waitReady(t, redis)
	if !suite.logs.contains("failing-redis", errTransient.Error()) {
		t.Error("the extension's error was not logged")
	}
}

// ARM 400 BadRequest: Error, reason BadRequest, the full ARM error in the message, and no retry
// until the spec changes.
func TestBadRequestWaitsForSpecChange(t *testing.T) {
	createResourceGroup(t, "rg-bad")
	id := rgID("rg-bad") + "/providers/Microsoft.Cache/redis/bad1"
	suite.arm.AddFault(armserver.Fault{Method: http.MethodPut, ID: id, Status: http.StatusBadRequest, Code: "BadRequest",
		Message: "The SKU 'Nope' is not valid."})
	redis := newRedis("bad1", "rg-bad")
	create(t, redis)
	cond := waitReason(t, redis, conditions.SeverityError, "BadRequest")
	for _, want := range []string{"RESPONSE 400", "ERROR CODE: BadRequest", "The SKU 'Nope' is not valid.", "PUT", id} {
		if !strings.Contains(cond.Message, want) {
			t.Errorf("message lacks %q:\n%s", want, cond.Message)
		}
	}
	time.Sleep(time.Second) // a Warning would have been retried several times by now
	if n := len(requests(id, http.MethodPut)); n != 1 {
		t.Fatalf("%d PUTs after a BadRequest; want exactly 1 until the spec changes", n)
	}
	redis.Spec.Tags = map[string]string{"fixed": "yes"}
	if err := suite.kube.Update(context.Background(), redis); err != nil {
		t.Fatal(err)
	}
	waitReady(t, redis)
}

// Seed 004's "repeated failures followed by success": Conflict three times, then Ready.
func TestConflictsThenSuccess(t *testing.T) {
	createResourceGroup(t, "rg-conflict")
	id := rgID("rg-conflict") + "/providers/Microsoft.Storage/storageAccounts/sa1"
	suite.arm.AddFault(armserver.Fault{Method: http.MethodPut, ID: id, Status: http.StatusConflict, Code: "Conflict", Times: 3})
	sa := newStorageAccount("sa1", "rg-conflict")
	create(t, sa)
	cond := waitReason(t, sa, conditions.SeverityWarning, "Conflict")
	if !strings.Contains(cond.Message, "RESPONSE 409") {
		t.Errorf("message lacks the ARM error: %q", cond.Message)
	}
	waitReady(t, sa)
	if n := len(requests(id, http.MethodPut)); n != 4 {
		t.Errorf("%d PUTs; want 3 conflicts and 1 success", n)
	}
}

// A resource with no extension goes straight to Ready: PUT, then the GET that ends the
// long-running operation gives its status; no GET of its owner or of itself beforehand.
func TestNoExtensionNoExtraGETs(t *testing.T) {
	createResourceGroup(t, "rg-plain")
	id := rgID("rg-plain") + "/providers/Microsoft.Storage/storageAccounts/plain1"
	sa := newStorageAccount("plain1", "rg-plain")
	create(t, sa)
	waitReady(t, sa)
	var methods []string
	for _, r := range suite.arm.RequestsFor(id) {
		if !r.Operation && strings.EqualFold(r.ResourceID, id) {
			methods = append(methods, r.Method)
		}
	}
	if strings.Join(methods, ",") != "PUT,GET" {
		t.Errorf("requests for a resource without extensions: %v; want PUT then GET", methods)
	}
	if n := len(requests(rgID("rg-plain"), http.MethodGet)); n != 0 {
		t.Errorf("%d GETs of the owning resource group; without an owner checker there should be none", n)
	}
	if id2, _ := genruntime.GetResourceID(sa); !strings.EqualFold(id2, id) {
		t.Errorf("resource-id annotation %q, want %q", id2, id)
	}
}

// A postponed reconcile sends no PUT and says so on the Ready condition (Unknown, Info).
func TestPostponedReconcileSendsNoPUT(t *testing.T) {
	createResourceGroup(t, "rg-later")
	id := rgID("rg-later") + "/providers/Microsoft.Cache/redis/postponed-redis"
	redis := newRedis("postponed-redis", "rg-later")
	create(t, redis)
	waitFor(t, redis, "postponed", func(c conditions.Condition) bool {
		return c.Status == metav1.ConditionUnknown && c.Severity == conditions.SeverityInfo &&
			c.Reason == conditions.ReasonReconciliationPostponed.Name
	})
	time.Sleep(300 * time.Millisecond)
	if n := len(requests(id, http.MethodPut)); n != 0 {
		t.Fatalf("%d PUTs for a postponed reconcile", n)
	}
}

// Deleting a resource deletes it in Azure first; the finalizer keeps the object until then.
func TestDeleteRemovesFromAzure(t *testing.T) {
	createResourceGroup(t, "rg-del")
	id := rgID("rg-del") + "/providers/Microsoft.Storage/storageAccounts/del1"
	sa := newStorageAccount("del1", "rg-del")
	create(t, sa)
	waitReady(t, sa)
	if !controllerutil.ContainsFinalizer(sa, arm.Finalizer) {
		t.Fatalf("no finalizer on a reconciled resource: %v", sa.GetFinalizers())
	}
	if err := suite.kube.Delete(context.Background(), sa); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(wait)
	for {
		err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(sa), sa)
		if apierrors.IsNotFound(err) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the object was never removed: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(requests(id, http.MethodDelete)) == 0 {
		t.Error("no DELETE reached ARM")
	}
	if _, exists := suite.arm.Get(id); exists {
		t.Error("the resource still exists in ARM")
	}
}
