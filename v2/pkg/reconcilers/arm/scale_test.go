package arm_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/client"

	storage "github.com/asogen/asogen/v2/api/storage/v1api20230101"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/reconcilers/arm"
)

// The scale tests run against conv (converge_suite_test.go): one worker per kind, ARM requests
// bounded by a 3 s timeout, operations followed every 100 ms.

// TestScaleHungPUTDoesNotDelayAnotherObject: a PUT that never answers fails its object's
// reconcile at the request timeout (a Warning, retried); another object of the same kind is PUT
// meanwhile instead of waiting for the hung call.
func TestScaleHungPUTDoesNotDelayAnotherObject(t *testing.T) {
	convResourceGroup(t, "sc-hung")
	hungID, otherID := saID("sc-hung", "schung"), saID("sc-hung", "scother")
	conv.proxy.hang(http.MethodPut, hungID)
	defer conv.proxy.clear()
	hung := convStorageAccount("schung", "sc-hung")
	create(t, hung)
	other := convStorageAccount("scother", "sc-hung")
	create(t, other)
	waitReady(t, other)
	c := waitFor(t, hung, "failed at the timeout", func(c conditions.Condition) bool {
		return c.Severity == conditions.SeverityWarning && strings.Contains(c.Message, "no answer from ARM within")
	})
	if len(convPUTs(hungID)) != 0 || len(convPUTs(otherID)) != 1 {
		t.Errorf("PUTs reaching ARM: hung %d, other %d; condition %+v", len(convPUTs(hungID)), len(convPUTs(otherID)), c)
	}
	conv.proxy.clear()
	waitReady(t, hung)
}

// TestScaleSlowDeletesDoNotDelayCreate: three deletions Azure has not finished do not hold the
// kind's one worker: a new object is PUT and Ready while they are still in progress.
func TestScaleSlowDeletesDoNotDelayCreate(t *testing.T) {
	convResourceGroup(t, "sc-slow")
	var slow []*storage.StorageAccount
	for i := range 3 {
		sa := convStorageAccount(fmt.Sprintf("scslow%d", i), "sc-slow")
		create(t, sa)
		waitReady(t, sa)
		conv.arm.Hold(saID("sc-slow", sa.Name))
		slow = append(slow, sa)
	}
	for _, sa := range slow {
		if err := suite.kube.Delete(context.Background(), sa); err != nil {
			t.Fatal(err)
		}
	}
	for _, sa := range slow {
		waitFor(t, sa, "Deleting", func(c conditions.Condition) bool { return c.Reason == "Deleting" })
	}
	fresh := convStorageAccount("scfresh", "sc-slow")
	create(t, fresh)
	waitReady(t, fresh)
	for _, sa := range slow {
		if err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(sa), sa); err != nil {
			t.Fatalf("%s finished deleting while Azure held its operation: %v", sa.Name, err)
		}
		conv.arm.Release(saID("sc-slow", sa.Name))
	}
	for _, sa := range slow {
		waitGone(t, sa)
		if n := len(requestsIn(conv.arm, saID("sc-slow", sa.Name), http.MethodDelete)); n != 1 {
			t.Errorf("%s: %d DELETEs, want 1", sa.Name, n)
		}
	}
}

// TestScaleRestartMidDeleteSendsOneDelete: a restart while Azure deletes the resource follows
// the stored operation instead of sending the DELETE again.
func TestScaleRestartMidDeleteSendsOneDelete(t *testing.T) {
	convResourceGroup(t, "sc-restart-del")
	id := saID("sc-restart-del", "screstartdel")
	sa := convStorageAccount("screstartdel", "sc-restart-del")
	create(t, sa)
	waitReady(t, sa)
	conv.arm.Hold(id)
	if err := suite.kube.Delete(context.Background(), sa); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the DELETE's token stored", func() bool {
		_ = suite.kube.Get(context.Background(), client.ObjectKeyFromObject(sa), sa)
		return sa.GetAnnotations()[arm.DeletePollerAnnotation] != ""
	})
	restartConv(t, defaultConvOptions)
	conv.arm.Release(id)
	waitGone(t, sa)
	if n := len(requestsIn(conv.arm, id, http.MethodDelete)); n != 1 {
		t.Errorf("%d DELETEs across the restart, want 1", n)
	}
}

// TestScaleRestartWithAllReadySendsNoPUT: after a restart, objects whose spec, inputs and Azure
// state are unchanged are each read with one GET and sent no PUT.
func TestScaleRestartWithAllReadySendsNoPUT(t *testing.T) {
	convResourceGroup(t, "sc-restart")
	ids := map[string]string{}
	for i := range 3 {
		sa := convStorageAccount(fmt.Sprintf("screstart%d", i), "sc-restart")
		create(t, sa)
		waitReady(t, sa)
		ids[sa.Name] = saID("sc-restart", sa.Name)
	}
	before := map[string]int{}
	for name, id := range ids {
		before[name] = len(convPUTs(id))
	}
	restartConv(t, defaultConvOptions)
	for name, id := range ids {
		waitUntil(t, name+" read after the restart", func() bool { return len(requestsIn(conv.arm, id, http.MethodGet)) > 0 })
		if n := len(convPUTs(id)); n != before[name] {
			t.Errorf("%s: %d PUTs after the restart, want %d", name, n, before[name])
		}
	}
}

// TestScaleDriftInAzureCorrectedAtResync: a property changed directly in Azure is put back by
// the next resync's PUT.
func TestScaleDriftInAzureCorrectedAtResync(t *testing.T) {
	restartConv(t, convOptions{resync: time.Second})
	convResourceGroup(t, "sc-drift")
	id := saID("sc-drift", "scdrift")
	sa := convStorageAccount("scdrift", "sc-drift")
	sa.Spec.Tags = map[string]string{"owner": "operator"}
	create(t, sa)
	waitReady(t, sa)
	if err := conv.arm.Edit(id, []string{"tags", "owner"}, "someone-else"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the drift corrected", func() bool {
		body, _ := conv.arm.Get(id)
		tags, _ := body["tags"].(map[string]any)
		return len(convPUTs(id)) == 2 && tags["owner"] == "operator"
	})
	gets := len(requestsIn(conv.arm, id, http.MethodGet))
	waitUntil(t, "two more resyncs", func() bool { return len(requestsIn(conv.arm, id, http.MethodGet)) >= gets+2 })
	if n := len(convPUTs(id)); n != 2 {
		t.Errorf("%d PUTs, want 2: resyncs with nothing changed must not PUT", n)
	}
}

// TestScaleResyncPutAlwaysRestoresOldBehaviour: with ResyncPut always, every resync PUTs.
func TestScaleResyncPutAlwaysRestoresOldBehaviour(t *testing.T) {
	restartConv(t, convOptions{resync: time.Second, resyncPut: arm.ResyncPutAlways})
	convResourceGroup(t, "sc-always")
	id := saID("sc-always", "scalways")
	sa := convStorageAccount("scalways", "sc-always")
	create(t, sa)
	waitReady(t, sa)
	waitUntil(t, "a resync PUT", func() bool { return len(convPUTs(id)) >= 2 })
}

// TestScaleFaultedResultReadSendsNoSecondPUT: when the operation finished but reading its result
// failed (a 500 on the final GET), the next reconcile reads the resource instead of PUTting the
// same body again.
func TestScaleFaultedResultReadSendsNoSecondPUT(t *testing.T) {
	convResourceGroup(t, "sc-result")
	id := rgID("sc-result") + "/providers/Microsoft.Kusto/clusters/scresult"
	conv.arm.AddFault(armserver.Fault{Method: http.MethodGet, ID: id, Status: http.StatusInternalServerError})
	cluster := newKustoCluster("scresult", "sc-result")
	cluster.ObjectMeta = cmeta("scresult")
	create(t, cluster)
	waitReadyAt(t, cluster)
	if conv.arm.PendingFaults() != 0 {
		t.Fatal("the final GET was never faulted")
	}
	if n := len(convPUTs(id)); n != 1 {
		t.Errorf("%d PUTs, want 1", n)
	}
}
