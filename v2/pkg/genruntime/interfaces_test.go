package genruntime

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// object is a minimal MetaObject for tests.
type object struct {
	client.Object
	conds conditions.Conditions
}

func (o *object) GetConditions() conditions.Conditions      { return o.conds }
func (o *object) SetConditions(conds conditions.Conditions) { o.conds = conds }

func newObject(annotations map[string]string) *object {
	return &object{Object: &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{Annotations: annotations}}}
}

func TestGetResourceID(t *testing.T) {
	cases := []struct {
		name        string
		annotations map[string]string
		want        string
		wantOK      bool
	}{
		{"no annotations", nil, "", false},
		{"other annotations", map[string]string{"a": "b"}, "", false},
		{"empty id", map[string]string{ResourceIDAnnotation: ""}, "", false},
		{"id", map[string]string{ResourceIDAnnotation: vnetID}, vnetID, true},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := GetResourceID(newObject(c.annotations))
			if got != c.want || ok != c.wantOK {
				t.Errorf("GetResourceID = %q, %v", got, ok)
			}
		})
	}
}

func TestSetResourceID(t *testing.T) {
	cases := []struct {
		name        string
		annotations map[string]string
	}{
		{"nil annotations", nil},
		{"keeps others", map[string]string{"a": "b"}},
		{"replaces", map[string]string{ResourceIDAnnotation: "/subscriptions/old"}},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			obj := newObject(c.annotations)
			SetResourceID(obj, vnetID)
			got, ok := GetResourceID(obj)
			if !ok || got != vnetID {
				t.Errorf("after SetResourceID, GetResourceID = %q, %v", got, ok)
			}

			if c.annotations["a"] == "b" && obj.GetAnnotations()["a"] != "b" {
				t.Errorf("SetResourceID dropped another annotation")
			}
		})
	}
}
