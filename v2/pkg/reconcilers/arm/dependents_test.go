package arm

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/event"

	network "github.com/asogen/asogen/v2/api/network/v1api20240301/storage"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// endpoint is a stored PrivateEndpoint whose subnet is ref.
func endpoint(name string, ref *genruntime.ResourceReference) *network.PrivateEndpoint {
	pe := &network.PrivateEndpoint{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"}}
	pe.Spec.Subnet = ref
	return pe
}

// TestReferencesDependents: the reference index finds exactly the objects that name a changed
// object by group, kind and name (ARM ID references are not indexed).
func TestReferencesDependents(t *testing.T) {
	scheme := kruntime.NewScheme()
	if err := network.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	sa := genruntime.ResourceReference{Group: "storage.azure.com", Kind: "StorageAccount", Name: "sa"}
	other := genruntime.ResourceReference{Group: "storage.azure.com", Kind: "StorageAccount", Name: "other"}
	kube := fake.NewClientBuilder().WithScheme(scheme).
		WithIndex(&network.PrivateEndpoint{}, referencesIndex, referenceKeys).
		WithObjects(endpoint("uses-sa", &sa), endpoint("uses-other", &other),
			endpoint("by-id", &genruntime.ResourceReference{ARMID: "/subscriptions/s/x"})).Build()
	gvk := network.GroupVersion.WithKind("PrivateEndpointList")
	got, err := dependentRequests(context.Background(), kube, scheme, gvk, "ns", referencesIndex, referenceKey(sa.GroupKind(), "sa"))
	if err != nil || len(got) != 1 || got[0].Name != "uses-sa" {
		t.Fatalf("dependents = %v, %v", got, err)
	}
	if keys := referenceKeys(endpoint("by-id", &genruntime.ResourceReference{ARMID: "/subscriptions/s/x"})); len(keys) != 0 {
		t.Fatalf("an ARM ID reference is indexed: %v", keys)
	}
}

// TestReferencesBecameAvailable: only a referenced object becoming claimed and Ready wakes its
// dependents, not its other writes.
func TestReferencesBecameAvailable(t *testing.T) {
	plain, claimed := endpoint("a", nil), endpoint("a", nil)
	genruntime.SetResourceID(claimed, "/subscriptions/s/x")
	ready := claimed.DeepCopy()
	conditions.SetCondition(ready, conditions.Condition{Type: conditions.ConditionTypeReady, Status: metav1.ConditionTrue})
	later := ready.DeepCopy()
	later.Status.ProvisioningState = ptrTo("Succeeded")
	cases := []struct {
		name     string
		old, new client.Object
		want     bool
	}{
		{"claimed, not Ready", plain, claimed, false},
		{"Ready", claimed, ready, true},
		{"status write", ready, later, false},
	}
	for _, c := range cases {
		if got := becameAvailable.Update(event.UpdateEvent{ObjectOld: c.old, ObjectNew: c.new}); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
	if !becameAvailable.Create(event.CreateEvent{Object: ready}) || becameAvailable.Create(event.CreateEvent{Object: claimed}) {
		t.Error("create: only objects available to references pass")
	}
}

func ptrTo[T any](v T) *T { return &v }
