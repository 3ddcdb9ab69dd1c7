package resolver

import (
	"context"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

const (
	sub      = "00000000-0000-0000-0000-000000000000"
	rgID     = "/subscriptions/" + sub + "/resourceGroups/rg"
	subnetID = rgID + "/providers/Microsoft.Network/virtualNetworks/vnet/subnets/default"
)

var ctx = context.Background()

func group(name, id string) *TestGroup {
	g := &TestGroup{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"}}
	if id != "" {
		genruntime.SetResourceID(g, id)
	}
	return g
}

func child(owner *genruntime.KnownResourceReference) *TestChild {
	return &TestChild{ObjectMeta: metav1.ObjectMeta{Name: "child", Namespace: "ns"}, Spec: testChildSpec{Owner: owner}}
}

func newTestResolver(kinds map[schema.GroupKind]schema.GroupVersionKind, subscription string, objs ...client.Object) *Resolver {
	scheme := newTestScheme()
	kubeClient := fake.NewClientBuilder().WithScheme(scheme).WithObjects(objs...).Build()
	return NewResolver(kubeClient, scheme, kinds, subscription)
}

// wantImpacting checks err is a ReadyConditionImpactingError with the given severity and reason.
func wantImpacting(t *testing.T, err error, severity conditions.ConditionSeverity, reason conditions.Reason, text string) {
	t.Helper()
	impacting, ok := conditions.AsReadyConditionImpactingError(err)
	if !ok || impacting.Severity != severity || impacting.Reason != reason || !strings.Contains(err.Error(), text) {
		t.Errorf("error %v; want %s/%s containing %q", err, severity, reason, text)
	}
}

func TestResolveOwner(t *testing.T) {
	cases := []struct {
		name         string
		obj          genruntime.KubernetesResource
		subscription string
		objs         []client.Object
		wantOwner    bool
		wantID       string
		wantReason   *conditions.Reason
		wantSeverity conditions.ConditionSeverity
		wantErr      string
	}{
		{name: "no owner", obj: group("rg", ""), subscription: sub, wantID: "/subscriptions/" + sub},
		{name: "no owner, no subscription", obj: group("rg", ""), wantErr: "no subscription ID"},
		{name: "owner by ARM ID", obj: child(&genruntime.KnownResourceReference{ARMID: rgID}), wantID: rgID},
		{name: "owner by tenant-level ARM ID", obj: child(&genruntime.KnownResourceReference{ARMID: "/providers/Microsoft.Management/managementGroups/g"}),
			wantID: "/providers/Microsoft.Management/managementGroups/g"},
		{name: "owner by malformed ARM ID", obj: child(&genruntime.KnownResourceReference{ARMID: "/resourceGroups/rg"}),
			wantReason: &conditions.ReasonFailed, wantSeverity: conditions.SeverityError, wantErr: "must start with /subscriptions/ or /providers/"},
		{name: "owner found", obj: child(&genruntime.KnownResourceReference{Name: "rg"}), objs: []client.Object{group("rg", rgID)},
			wantOwner: true, wantID: rgID},
		{name: "owner missing", obj: child(&genruntime.KnownResourceReference{Name: "rg"}),
			wantReason: &conditions.ReasonWaitingForOwner, wantSeverity: conditions.SeverityWarning, wantErr: "does not exist"},
		{name: "owner not in Azure yet", obj: child(&genruntime.KnownResourceReference{Name: "rg"}), objs: []client.Object{group("rg", "")},
			wantReason: &conditions.ReasonWaitingForOwner, wantSeverity: conditions.SeverityWarning, wantErr: "not been created in Azure"},
		{name: "invalid owner", obj: child(&genruntime.KnownResourceReference{}),
			wantReason: &conditions.ReasonFailed, wantSeverity: conditions.SeverityError, wantErr: "invalid owner"},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newTestResolver(testKinds(), c.subscription, c.objs...)
			owner, id, err := r.ResolveOwner(ctx, c.obj)
			assertOwner(t, owner, id, err, c.wantOwner, c.wantID, c.wantErr)
			if c.wantReason != nil {
				wantImpacting(t, err, c.wantSeverity, *c.wantReason, c.wantErr)
			}
		})
	}
}

// assertOwner checks the results of ResolveOwner.
func assertOwner(t *testing.T, owner genruntime.KubernetesResource, id string, err error, wantOwner bool, wantID, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) || owner != nil || id != "" {
			t.Fatalf("ResolveOwner = %v, %q, %v; want error containing %q", owner, id, err, wantErr)
		}
		return
	}

	if err != nil || id != wantID || (owner != nil) != wantOwner {
		t.Fatalf("ResolveOwner = %v, %q, %v; want owner=%v id=%q", owner, id, err, wantOwner, wantID)
	}

	if wantOwner && (owner.GetName() != "rg" || owner.GetType() != "Microsoft.Resources/resourceGroups") {
		t.Errorf("owner = %+v", owner)
	}
}

func TestResolveOwnerUnregisteredKind(t *testing.T) {
	r := newTestResolver(map[schema.GroupKind]schema.GroupVersionKind{}, sub)
	_, _, err := r.ResolveOwner(ctx, child(&genruntime.KnownResourceReference{Name: "rg"}))
	if err == nil || !strings.Contains(err.Error(), "no type registered") {
		t.Errorf("err = %v", err)
	}

	if _, ok := conditions.AsReadyConditionImpactingError(err); ok {
		t.Errorf("a configuration error must not look like a waiting condition")
	}
}

func TestResolveOwnerKindNotInScheme(t *testing.T) {
	kinds := map[schema.GroupKind]schema.GroupVersionKind{groupGK: testGV.WithKind("Unknown")}
	r := newTestResolver(kinds, sub)
	if _, _, err := r.ResolveOwner(ctx, child(&genruntime.KnownResourceReference{Name: "rg"})); err == nil {
		t.Errorf("expected an error for a GVK missing from the scheme")
	}
}

func TestNewResolverCopiesKinds(t *testing.T) {
	kinds := testKinds()
	r := newTestResolver(kinds, sub, group("rg", rgID))
	delete(kinds, groupGK)
	if _, _, err := r.ResolveOwner(ctx, child(&genruntime.KnownResourceReference{Name: "rg"})); err != nil {
		t.Errorf("changing the caller's map changed the resolver: %v", err)
	}

	if r.SubscriptionID() != sub {
		t.Errorf("SubscriptionID = %q", r.SubscriptionID())
	}
}
