package resolver

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"strings"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

func TestResolveReference(t *testing.T) {
	groupRef := genruntime.ResourceReference{Group: groupGK.Group, Kind: groupGK.Kind, Name: "rg"}
	cases := []struct {
		name         string
		ref          genruntime.ResourceReference
		objs         []client.Object
		wantID       string
		wantReason   *conditions.Reason
		wantSeverity conditions.ConditionSeverity
		wantErr      string
	}{
		{name: "direct", ref: genruntime.ResourceReference{ARMID: subnetID}, wantID: subnetID},
		{name: "found", ref: groupRef, objs: []client.Object{ready(group("rg", rgID))}, wantID: rgID},
		{name: "claimed, not Ready", ref: groupRef, objs: []client.Object{group("rg", rgID)},
			wantReason: &conditions.ReasonReferenceNotFound, wantSeverity: conditions.SeverityWarning, wantErr: "is not Ready in Azure yet"},
		{name: "missing", ref: groupRef, wantReason: &conditions.ReasonReferenceNotFound,
			wantSeverity: conditions.SeverityWarning, wantErr: "does not exist"},
		{name: "not in Azure yet", ref: groupRef, objs: []client.Object{group("rg", "")},
			wantReason: &conditions.ReasonReferenceNotFound, wantSeverity: conditions.SeverityWarning, wantErr: "not been created in Azure"},
		{name: "invalid", ref: genruntime.ResourceReference{Name: "rg", ARMID: subnetID},
			wantReason: &conditions.ReasonFailed, wantSeverity: conditions.SeverityError, wantErr: "not both"},
		{name: "unregistered kind", ref: genruntime.ResourceReference{Group: "other", Kind: "Thing", Name: "x"}, wantErr: "no type registered"},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newTestResolver(testKinds(), sub, c.objs...)
			id, err := r.ResolveReference(ctx, "ns", c.ref)
			if c.wantErr == "" && (err != nil || id != c.wantID) {
				t.Fatalf("ResolveReference = %q, %v; want %q", id, err, c.wantID)
			}

			if c.wantErr != "" && (err == nil || id != "" || !strings.Contains(err.Error(), c.wantErr)) {
				t.Fatalf("ResolveReference = %q, %v; want error containing %q", id, err, c.wantErr)
			}

			if c.wantReason != nil {
				wantImpacting(t, err, c.wantSeverity, *c.wantReason, c.wantErr)
			}
		})
	}
}

func TestResolveReferenceIsNamespaced(t *testing.T) {
	r := newTestResolver(testKinds(), sub, group("rg", rgID))
	ref := genruntime.ResourceReference{Group: groupGK.Group, Kind: groupGK.Kind, Name: "rg"}
	if _, err := r.ResolveReference(ctx, "other-ns", ref); err == nil {
		t.Errorf("a reference resolved across namespaces")
	}
}

func TestResolveResourceReferences(t *testing.T) {
	groupRef := genruntime.ResourceReference{Group: groupGK.Group, Kind: groupGK.Kind, Name: "rg"}
	direct := genruntime.ResourceReference{ARMID: subnetID}
	obj := child(&genruntime.KnownResourceReference{Name: "rg"})
	obj.Spec.Subnet = &groupRef

	r := newTestResolver(testKinds(), sub, ready(group("rg", rgID)))
	resolved, err := r.ResolveResourceReferences(ctx, obj)
	if err != nil || resolved.Len() != 1 {
		t.Fatalf("ResolveResourceReferences = %d refs, %v", resolved.Len(), err)
	}

	for ref, want := range map[genruntime.ResourceReference]string{groupRef: rgID, direct: subnetID} {
		if got, err := resolved.Lookup(ref); got != want || err != nil {
			t.Errorf("Lookup(%s) = %q, %v", ref, got, err)
		}
	}
}

func TestResolveReferencesStopsAtFailure(t *testing.T) {
	r := newTestResolver(testKinds(), sub)
	refs := []genruntime.ResourceReference{{ARMID: subnetID}, {Group: groupGK.Group, Kind: groupGK.Kind, Name: "missing"}}
	resolved, err := r.ResolveReferences(ctx, "ns", refs)
	if err == nil || resolved.Len() != 0 {
		t.Errorf("ResolveReferences = %d refs, %v; want an error", resolved.Len(), err)
	}
}

// ready marks a test object Ready, as the reconciler does once Azure has created it.
func ready(g *TestGroup) *TestGroup {
	conditions.SetCondition(g, conditions.Condition{Type: conditions.ConditionTypeReady, Status: metav1.ConditionTrue,
		Reason: conditions.ReasonSucceeded.Name})
	return g
}
