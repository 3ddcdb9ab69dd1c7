package customizations

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/go-logr/logr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// TestDispatchRejectsNonHubVersions hands every non-hub version of ManagedCluster to the
// generated dispatch: each gets a descriptive error naming the type received and the hub
// expected, and the hand-written check never runs.
func TestDispatchRejectsNonHubVersions(t *testing.T) {
	host := &ManagedClusterExtension{}
	rejected := 0
	for _, obj := range host.GetExtendedResources() {
		if _, isHub := obj.(conversion.Hub); isHub {
			continue
		}
		var called bool
		_, err := host.PreReconcileCheck(context.Background(), obj, nil, nil, nil, logr.Discard(), proceedPre(&called))
		wantTypeError(t, err, obj, describeHub(t, host.GetExtendedResources()))
		if called {
			t.Errorf("%T: next ran after a type mismatch", obj)
		}
		rejected++
	}
	if rejected == 0 {
		t.Fatal("no non-hub version to test")
	}
	_, err := host.PreReconcileCheck(context.Background(), nil, nil, nil, nil, logr.Discard(), nil)
	if err == nil || !strings.Contains(err.Error(), "obj has type <nil>") {
		t.Errorf("nil object: %v", err)
	}
}

// describeHub renders the hub among the kind's variants as the dispatch error names it, so the
// test follows the hub when it moves.
func describeHub(t *testing.T, variants []genruntime.KubernetesResource) string {
	t.Helper()
	for _, v := range variants {
		if _, ok := v.(conversion.Hub); ok {
			typ := reflect.TypeOf(v)
			return typ.String() + " from " + typ.Elem().PkgPath()
		}
	}
	t.Fatal("no hub among the variants")
	return ""
}

// wantTypeError asserts the mismatch error names obj's type with its package and the hub.
func wantTypeError(t *testing.T, err error, obj any, hub string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%T: no error", obj)
	}
	typ := reflect.TypeOf(obj)
	for _, want := range []string{typ.String(), typ.Elem().PkgPath(), "expected the hub type " + hub} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%T: error lacks %q: %v", obj, want, err)
		}
	}
}
