package arm

import (
	"slices"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	insights "github.com/asogen/asogen/v2/api/insights/v1api20210501preview/storage"
	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// TestOwnerDependents: an object's owner named by Kubernetes object is indexed beside its
// references, so the owner becoming Ready reconciles it; an owner by ARM ID is not.
func TestOwnerDependents(t *testing.T) {
	pe := endpoint("pe", nil)
	pe.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
	if keys := referenceKeys(pe); !slices.Equal(keys, []string{"resources.azure.com/ResourceGroup/rg"}) {
		t.Errorf("known owner: keys %v", keys)
	}
	ds := &insights.DiagnosticSetting{ObjectMeta: metav1.ObjectMeta{Name: "ds", Namespace: "ns"}}
	ds.Spec.Owner = &genruntime.ArbitraryOwnerReference{Group: "storage.azure.com", Kind: "StorageAccount", Name: "sa"}
	if keys := referenceKeys(ds); !slices.Equal(keys, []string{"storage.azure.com/StorageAccount/sa"}) {
		t.Errorf("arbitrary owner: keys %v", keys)
	}
	ds.Spec.Owner = &genruntime.ArbitraryOwnerReference{ARMID: "/subscriptions/s/resourceGroups/rg"}
	if keys := referenceKeys(ds); len(keys) != 0 {
		t.Errorf("an owner by ARM ID is indexed: %v", keys)
	}
}
