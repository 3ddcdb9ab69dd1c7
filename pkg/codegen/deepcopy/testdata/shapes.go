// +kubebuilder:object:generate=true
package shapes

import (
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Color is an enum: not copied.
type Color string

// Inner holds only values: assignment copies it.
type Inner struct {
	Name  string
	Color Color
	Ref   genruntime.SecretReference
}

// Deep holds a slice: copied with DeepCopyInto.
type Deep struct {
	Tags []string
}

type empty struct{}

// Shapes has a field of every shape.
type Shapes struct {
	Count       int
	Enum        Color
	Ptr         *string
	PtrEnum     *Color
	PtrInner    *Inner
	PtrDeep     *Deep
	Value       Inner
	DeepValue   Deep
	Slice       []string
	SliceInner  []Inner
	SliceDeep   []Deep
	SlicePtr    []*Inner
	SliceOfMaps []map[string]string
	Map         map[string]string
	MapInner    map[string]Inner
	MapDeep     map[string]Deep
	MapPtr      map[string]*Deep
	Nested      map[string]map[string]string
	MapOfSlices map[string][]Deep
	Ref         *genruntime.ResourceReference
	Refs        []genruntime.ResourceReference
	Known       genruntime.KnownResourceReference
	Conds       []conditions.Condition
	Bag         genruntime.PropertyBag
	JSON        *apiextensionsv1.JSON
	JSONValue   apiextensionsv1.JSON
	MapJSON     map[string]apiextensionsv1.JSON
	SliceJSON   []apiextensionsv1.JSON
	Exprs       []genruntime.DestinationExpression
}

// +kubebuilder:object:root=true
// Thing is a root object.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Shapes `json:"spec,omitempty"`
}

// +kubebuilder:object:root=true
type ThingList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Thing `json:"items"`
}
