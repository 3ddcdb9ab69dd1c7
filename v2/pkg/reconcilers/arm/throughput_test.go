package arm_test

import (
	"testing"
)

// TestThroughputWritesPerReconcile counts the operator's Kubernetes writes for one object (a
// kusto Cluster: no extension of its own writes), from create to Ready through a long-running
// operation: one patch recording the finalizer, owner reference and resource ID; one recording
// the resume token with what the PUT carried; a status patch (in progress); one removing the
// token and recording Azure's answer; a status patch (Ready). All are patches: none is a full
// Update that could overwrite a user's write.
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
	if got := conv.writes.of("tpwrites"); got != 5 {
		t.Errorf("%d Kubernetes writes from create to Ready, want 5", got)
	}
	if len(conv.writes.updates) != 0 {
		t.Errorf("full Updates %v; the operator should only patch", conv.writes.updates)
	}
}
