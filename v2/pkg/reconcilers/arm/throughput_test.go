package arm_test

import (
	"context"
	"net/http"
	"testing"
)

// TestThroughputWritesPerReconcile counts the operator's Kubernetes writes for one object (a
// kusto Cluster: no extension of its own writes), from create to Ready through a long-running
// operation Azure finishes at the first poll: one patch recording the finalizer, owner reference
// and resource ID; one recording the resume token with what the PUT carried; one removing the
// token and recording Azure's answer; a status patch (Ready). The new object's in-progress
// status is not written: the first poll finds the operation done. All are patches: none is a
// full Update that could overwrite a user's write.
func TestThroughputWritesPerReconcile(t *testing.T) {
	convResourceGroup(t, "tp-writes")
	cluster := newKustoCluster("tpwrites", "tp-writes")
	cluster.ObjectMeta = cmeta("tpwrites")
	create(t, cluster)
	waitReadyAt(t, cluster)
	id := rgID("tp-writes") + "/providers/Microsoft.Kusto/clusters/tpwrites"
	if n := len(convPUTs(id)); n != 1 {
		t.Fatalf("%d PUTs, want 1", n)
	}
	if got := conv.writes.of("tpwrites"); got != 4 {
		t.Errorf("%d Kubernetes writes from create to Ready, want 4", got)
	}
	if len(conv.writes.updates) != 0 {
		t.Errorf("full Updates %v; the operator should only patch", conv.writes.updates)
	}
}

// TestThroughputWritesPerDeletion: deleting a Ready object whose DELETE Azure finishes at the
// first poll costs two Kubernetes writes: the DELETE's resume token, then the finalizer's removal
// (no Deleting status that would vanish with the object a second later).
func TestThroughputWritesPerDeletion(t *testing.T) {
	convResourceGroup(t, "tp-deletes")
	cluster := newKustoCluster("tpdeletes", "tp-deletes")
	cluster.ObjectMeta = cmeta("tpdeletes")
	create(t, cluster)
	waitReadyAt(t, cluster)
	before := conv.writes.of("tpdeletes")
	if err := suite.kube.Delete(context.Background(), cluster); err != nil {
		t.Fatal(err)
	}
	waitGone(t, cluster)
	id := rgID("tp-deletes") + "/providers/Microsoft.Kusto/clusters/tpdeletes"
	if n := len(requestsIn(conv.arm, id, http.MethodDelete)); n != 1 {
		t.Fatalf("%d DELETEs, want 1", n)
	}
	if got := conv.writes.of("tpdeletes") - before; got != 2 {
		t.Errorf("%d Kubernetes writes from delete to gone, want 2 (token, finalizer)", got)
	}
}
