package arm_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	resources "github.com/asogen/asogen/v2/api/resources/v1api20210401"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/reconcilers/arm"
)

// The policy tests run against conv (converge_suite_test.go).

func convGroup(name, policy string) *resources.ResourceGroup {
	rg := &resources.ResourceGroup{ObjectMeta: cmeta(name)}
	rg.Spec.Location = "westus2"
	if policy != "" {
		rg.Annotations = map[string]string{arm.ReconcilePolicyAnnotation: policy}
	}
	return rg
}

func setPolicy(t *testing.T, obj client.Object, policy string) {
	t.Helper()
	modify(t, obj, func() {
		annotations := obj.GetAnnotations()
		if annotations == nil {
			annotations = map[string]string{}
		}
		annotations[arm.ReconcilePolicyAnnotation] = policy
		obj.SetAnnotations(annotations)
	})
}

// TestPolicyDetachOnDelete: a detach-on-delete object is managed, but deleting it leaves the
// resource in Azure: the object goes, no DELETE is sent, and an Event says so.
func TestPolicyDetachOnDelete(t *testing.T) {
	rg := convGroup("pol-detach", string(arm.PolicyDetachOnDelete))
	create(t, rg)
	waitReady(t, rg)
	if err := suite.kube.Delete(context.Background(), rg); err != nil {
		t.Fatal(err)
	}
	waitGone(t, rg)
	if n := len(requestsIn(conv.arm, rgID("pol-detach"), http.MethodDelete)); n != 0 {
		t.Errorf("%d DELETEs for a detach-on-delete object", n)
	}
	if _, ok := conv.arm.Get(rgID("pol-detach")); !ok {
		t.Errorf("the resource group is gone from Azure")
	}
	if !hasEvent(t, "pol-detach", corev1.EventTypeNormal, "Detached") {
		t.Errorf("no Detached Event: %+v", eventsOf(t, "pol-detach"))
	}
}

// TestPolicySkipReadsStatusAndSendsNothing: a skip object of an existing resource gets its status
// from a GET, is Ready saying it is not managed, and sends no PUT, even after a spec change; its
// deletion sends no DELETE.
func TestPolicySkipReadsStatusAndSendsNothing(t *testing.T) {
	id := rgID("pol-skip")
	if err := conv.arm.Seed(id, map[string]any{"location": "eastus", "tags": map[string]any{"from": "azure"}}); err != nil {
		t.Fatal(err)
	}
	rg := convGroup("pol-skip", string(arm.PolicySkip))
	create(t, rg)
	c := waitReadyAt(t, rg)
	if c.Reason != arm.ReasonSkipped.Name || !strings.Contains(c.Message, "Not managed") {
		t.Errorf("Ready should say the object is not managed: %+v", c)
	}
	if rg.Status.Location == nil || *rg.Status.Location != "eastus" {
		t.Errorf("status not read from Azure: %+v", rg.Status)
	}
	modify(t, rg, func() { rg.Spec.Tags = map[string]string{"from": "spec"} })
	waitReadyAt(t, rg)
	if n := len(requestsIn(conv.arm, id, http.MethodPut)); n != 0 {
		t.Errorf("%d PUTs for a skip object", n)
	}
	if err := suite.kube.Delete(context.Background(), rg); err != nil {
		t.Fatal(err)
	}
	waitGone(t, rg)
	if n := len(requestsIn(conv.arm, id, http.MethodDelete)); n != 0 {
		t.Errorf("%d DELETEs for a skip object", n)
	}
}

// TestPolicySkipToManageSendsPUT: a skip object whose resource does not exist says so; switching
// the annotation to manage creates it at once, with no spec change.
func TestPolicySkipToManageSendsPUT(t *testing.T) {
	rg := convGroup("pol-switch", string(arm.PolicySkip))
	create(t, rg)
	c := waitReason(t, rg, conditions.SeverityWarning, arm.ReasonAzureResourceNotFound.Name)
	if !strings.Contains(c.Message, "does not exist in Azure") {
		t.Errorf("the Warning should say the resource does not exist: %q", c.Message)
	}
	setPolicy(t, rg, string(arm.PolicyManage))
	waitReady(t, rg)
	if n := len(requestsIn(conv.arm, rgID("pol-switch"), http.MethodPut)); n != 1 {
		t.Errorf("%d PUTs after switching to manage, want 1", n)
	}
}

// TestPolicyNamespaceDefaultOverriddenByObject: a Namespace's annotation sets the default policy
// of its objects; an object's own annotation wins.
func TestPolicyNamespaceDefaultOverriddenByObject(t *testing.T) {
	ns := &corev1.Namespace{}
	if err := suite.kube.Get(context.Background(), client.ObjectKey{Name: convergeNamespace}, ns); err != nil {
		t.Fatal(err)
	}
	setPolicy(t, ns, string(arm.PolicySkip))
	t.Cleanup(func() {
		modify(t, ns, func() { delete(ns.Annotations, arm.ReconcilePolicyAnnotation) })
	})
	defaulted := convGroup("pol-ns-default", "")
	create(t, defaulted)
	waitReason(t, defaulted, conditions.SeverityWarning, arm.ReasonAzureResourceNotFound.Name)
	managed := convGroup("pol-ns-manage", string(arm.PolicyManage))
	create(t, managed)
	waitReady(t, managed)
	if n := len(requestsIn(conv.arm, rgID("pol-ns-default"), http.MethodPut)); n != 0 {
		t.Errorf("%d PUTs for an object the namespace makes skip", n)
	}
	if n := len(requestsIn(conv.arm, rgID("pol-ns-manage"), http.MethodPut)); n != 1 {
		t.Errorf("%d PUTs for the object annotated manage, want 1", n)
	}
}

// TestPolicyOperatorDefault: the operator's default policy applies to objects whose own and
// Namespace's annotations name none.
func TestPolicyOperatorDefault(t *testing.T) {
	restartConv(t, convOptions{resync: time.Hour, defaultPolicy: arm.PolicySkip})
	rg := convGroup("pol-op-default", "")
	create(t, rg)
	waitReason(t, rg, conditions.SeverityWarning, arm.ReasonAzureResourceNotFound.Name)
	if n := len(requestsIn(conv.arm, rgID("pol-op-default"), http.MethodPut)); n != 0 {
		t.Errorf("%d PUTs under the operator's default skip", n)
	}
}

// TestPolicyAdoptsAnExistingResource: an object created for a resource that already exists in
// Azure adopts it: one PUT makes Azure match the spec, and an Event says the resource was adopted.
func TestPolicyAdoptsAnExistingResource(t *testing.T) {
	id := rgID("pol-adopt")
	if err := conv.arm.Seed(id, map[string]any{"location": "westus2", "tags": map[string]any{"made": "by-hand"}}); err != nil {
		t.Fatal(err)
	}
	rg := convGroup("pol-adopt", "")
	rg.Spec.Tags = map[string]string{"made": "by-operator"}
	create(t, rg)
	waitReady(t, rg)
	if n := len(requestsIn(conv.arm, id, http.MethodPut)); n != 1 {
		t.Errorf("%d PUTs, want 1", n)
	}
	body, _ := conv.arm.Get(id)
	if tags, _ := body["tags"].(map[string]any); tags["made"] != "by-operator" {
		t.Errorf("Azure does not match the spec after adoption: %v", body["tags"])
	}
	waitUntil(t, "the Adopted Event", func() bool { return hasEvent(t, "pol-adopt", corev1.EventTypeNormal, "Adopted") })
}
