package roundtrip

import (
	"bytes"
	"encoding/json"
	"reflect"

	"pgregory.net/rapid"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Check draws a random Spec and Status for a new version object, converts it to a new hub
// object and back into another new version object, and fails unless both version objects
// have the same JSON (what Kubernetes stores).
func Check(t *rapid.T, newVersion func() conversion.Convertible, newHub func() conversion.Hub) {
	original := newVersion()
	for _, name := range []string{"Spec", "Status"} {
		Fill(t, fieldOf(t, original, name), name)
	}
	hub := newHub()
	if err := original.ConvertTo(hub); err != nil {
		t.Fatalf("ConvertTo: %v", err)
	}
	back := newVersion()
	if err := back.ConvertFrom(hub); err != nil {
		t.Fatalf("ConvertFrom: %v", err)
	}
	want, got := encode(t, original), encode(t, back)
	if !bytes.Equal(want, got) {
		t.Fatalf("round trip through %T changed the object:\nwant %s\ngot  %s", hub, want, got)
	}
}

// fieldOf returns the named struct field of the object obj points to.
func fieldOf(t *rapid.T, obj any, name string) reflect.Value {
	f := reflect.ValueOf(obj).Elem().FieldByName(name)
	if !f.IsValid() {
		t.Fatalf("%T has no field %s", obj, name)
	}
	return f
}

func encode(t *rapid.T, obj any) []byte {
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatalf("encoding %T: %v", obj, err)
	}
	return b
}
