package localrun_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/internal/localrun"
)

// --operator-mode splits the operator as ASO does: a webhooks process serves the webhooks and
// reconciles nothing; a watchers process reconciles and listens on no webhook port. Together
// they take a ResourceGroup to Ready.
func TestOperatorModesSplitWebhooksAndWatchers(t *testing.T) {
	hooks := startController(t, suite.kubeconfig, "--operator-mode=webhooks")
	eventually(t, time.Minute, "the webhooks process's readiness", func() error { _, err := get("http://" + hooks.probes + "/readyz"); return err })
	rg := resourceGroup("rg-modes")
	if err := suite.kube.Create(context.Background(), rg); err != nil {
		t.Fatalf("the webhooks process did not admit a ResourceGroup: %v", err)
	}
	if azureName, _, _ := unstructured.NestedString(rg.Object, "spec", "azureName"); azureName != "rg-modes" {
		t.Errorf("spec.azureName %q: the defaulting webhook did not run", azureName)
	}
	time.Sleep(3 * time.Second) // time a controller would take to reconcile it
	checkNotReconciled(t, rg)
	metrics, _ := get("http://" + hooks.metrics + "/metrics")
	if strings.Contains(metrics, "controller_runtime_reconcile_total{") || strings.Contains(hooks.Output(), "attempting to acquire leader lease") {
		t.Errorf("the webhooks process runs controllers or leader election:\n%s", lastLines(hooks.Output(), 20))
	}

	webhookAddr, _ := localrun.FreeAddress()
	_, port, _ := net.SplitHostPort(webhookAddr)
	watchers := startController(t, suite.kubeconfig, "--operator-mode=watchers", "--webhook-port="+port)
	waitLeader(t, watchers)
	waitReady(t, rg)
	if conn, err := net.Dial("tcp", "127.0.0.1:"+port); err == nil {
		conn.Close()
		t.Errorf("the watchers process listens on its webhook port %s", port)
	}
}

// resourceGroup is a ResourceGroup in default at its API version.
func resourceGroup(name string) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "resources.azure.com/v1api20210401", "kind": "ResourceGroup",
		"metadata": map[string]any{"name": name, "namespace": "default"},
		"spec":     map[string]any{"location": "westus2"},
	}}
}

// checkNotReconciled fails when obj has a Ready condition or ARM has seen a PUT of it.
func checkNotReconciled(t *testing.T, obj *unstructured.Unstructured) {
	t.Helper()
	got := obj.DeepCopy()
	if err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(obj), got); err != nil {
		t.Fatal(err)
	}
	requests, err := suite.arm.Requests()
	if err != nil {
		t.Fatal(err)
	}
	if status, reason, _ := readyStatus(got); status != "" || len(putsFor(requests, obj.GetName())) > 0 {
		t.Errorf("%s was reconciled (Ready=%s %s, %d PUTs)", obj.GetName(), status, reason, len(putsFor(requests, obj.GetName())))
	}
}
