package customizations

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/go-logr/logr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	kusto20221229s "github.com/asogen/asogen/v2/api/kusto/v1api20221229/storage"
)

// TestDispatchRejectsNonHubOwners hands the owner check every non-hub version of Cluster, and
// a Database where a Cluster is expected: each gets a descriptive error naming the type received
// and the hub expected, and the hand-written check never runs.
func TestDispatchRejectsNonHubOwners(t *testing.T) {
	host := &DatabaseExtension{}
	owners := append((&ClusterExtension{}).GetExtendedResources(), &kusto20221229s.Database{})
	rejected := 0
	for _, owner := range owners {
		if _, isHub := owner.(conversion.Hub); isHub && reflect.TypeOf(owner) == reflect.TypeOf(&kusto20221229s.Cluster{}) {
			continue
		}
		var called bool
		_, err := host.PreReconcileOwnerCheck(context.Background(), owner, nil, nil, logr.Discard(), proceedOwner(&called))
		wantTypeError(t, err, owner, "*storage.Cluster from github.com/asogen/asogen/v2/api/kusto/v1api20221229/storage")
		if called {
			t.Errorf("%T: next ran after a type mismatch", owner)
		}
		rejected++
	}
	if rejected != 2 {
		t.Fatalf("want 2 rejected owners (the API version, a Database), got %d", rejected)
	}
}

// wantTypeError asserts the mismatch error names obj's type with its package and the hub.
func wantTypeError(t *testing.T, err error, obj any, hub string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%T: no error", obj)
	}
	typ := reflect.TypeOf(obj)
	for _, want := range []string{typ.String(), typ.Elem().PkgPath(), "owner has type", "expected the hub type " + hub} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%T: error lacks %q: %v", obj, want, err)
		}
	}
}
