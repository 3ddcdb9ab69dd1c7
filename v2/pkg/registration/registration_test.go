package registration

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

func TestHubKinds(t *testing.T) {
	pe := schema.GroupKind{Group: "network.azure.com", Kind: "PrivateEndpoint"}
	hub := pe.WithVersion("v1api20240301storage")
	kinds := HubKinds([]Resource{{GroupKind: pe, HubGVK: hub}})
	if len(kinds) != 1 || kinds[pe] != hub {
		t.Fatalf("HubKinds = %v", kinds)
	}
}
