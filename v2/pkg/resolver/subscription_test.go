package resolver

import (
	"testing"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

func TestResolveOwnerInSubscription(t *testing.T) {
	r := newTestResolver(testKinds(), "global")
	if _, id, err := r.ResolveOwnerIn(ctx, child(nil), "mine"); err != nil || id != "/subscriptions/mine" {
		t.Fatalf("an unowned resource: %s, %v", id, err)
	}
	other := &genruntime.KnownResourceReference{ARMID: "/subscriptions/other/resourceGroups/rg"}
	_, _, err := r.ResolveOwnerIn(ctx, child(other), "mine")
	wantImpacting(t, err, conditions.SeverityWarning, ReasonSubscriptionMismatch, "in subscription other but the object's credential is for subscription mine")
	same := &genruntime.KnownResourceReference{ARMID: "/subscriptions/MINE/resourceGroups/rg"}
	if _, _, err := r.ResolveOwnerIn(ctx, child(same), "mine"); err != nil {
		t.Fatalf("an owner in the credential's subscription: %v", err)
	}
	if _, _, err := r.ResolveOwner(ctx, child(other)); err != nil {
		t.Fatalf("ResolveOwner does not check subscriptions: %v", err)
	}
}

func TestSubscriptionOf(t *testing.T) {
	for id, want := range map[string]string{"/subscriptions/s/resourceGroups/rg": "s", "/providers/Microsoft.Management/managementGroups/m": "", "": ""} {
		if got := SubscriptionOf(id); got != want {
			t.Errorf("SubscriptionOf(%q) = %q, want %q", id, got, want)
		}
	}
}
