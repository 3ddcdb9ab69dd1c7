package api_test

import (
	"testing"

	"github.com/asogen/asogen/v2/api/internal/roundtrip"
	"github.com/asogen/asogen/v2/internal/controllers"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"pgregory.net/rapid"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// TestRoundTripEveryVersion shows, for every generated API version and storage variant of every
// kind in the registry, that converting a random object to the hub and back loses nothing.
func TestRoundTripEveryVersion(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := controllers.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	regs := controllers.KnownResources()
	if len(regs) == 0 {
		t.Fatal("the registry lists no resources")
	}
	for _, reg := range regs {
		newHub := func() conversion.Hub { return newObject[conversion.Hub](t, scheme, reg.HubGVK) }
		for _, gvk := range reg.GVKs {
			if gvk == reg.HubGVK {
				continue
			}
			t.Run(gvk.Group+"/"+gvk.Version+"/"+gvk.Kind, func(t *testing.T) {
				newVersion := func() conversion.Convertible { return newObject[conversion.Convertible](t, scheme, gvk) }
				rapid.Check(t, func(rt *rapid.T) { roundtrip.Check(rt, newVersion, newHub) })
			})
		}
	}
}

// newObject creates an empty object of gvk and asserts it implements T.
func newObject[T any](t *testing.T, scheme *runtime.Scheme, gvk schema.GroupVersionKind) T {
	obj, err := scheme.New(gvk)
	if err != nil {
		t.Fatalf("%s: %v", gvk, err)
	}
	typed, ok := obj.(T)
	if !ok {
		t.Fatalf("%s: %T does not implement %T", gvk, obj, *new(T))
	}
	return typed
}
