package resolver

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// Small hand-written resource types, standing in for generated ones.

var (
	testGV   = schema.GroupVersion{Group: "test.azure.com", Version: "v1api20220701storage"}
	groupGK  = schema.GroupKind{Group: testGV.Group, Kind: "TestGroup"}
	childGK  = schema.GroupKind{Group: testGV.Group, Kind: "TestChild"}
	groupGVK = testGV.WithKind(groupGK.Kind)
	childGVK = testGV.WithKind(childGK.Kind)
)

// testStatus is the status shared by the test types.
type testStatus struct {
	Conditions conditions.Conditions `json:"conditions,omitempty"`
}

// TestGroup has no owner, like a ResourceGroup.
type TestGroup struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            testStatus `json:"status,omitempty"`
}

func (g *TestGroup) DeepCopyObject() runtime.Object {
	out := *g
	g.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Status.Conditions = g.Status.Conditions.DeepCopy()
	return &out
}

func (g *TestGroup) GetConditions() conditions.Conditions      { return g.Status.Conditions }
func (g *TestGroup) SetConditions(conds conditions.Conditions) { g.Status.Conditions = conds }
func (g *TestGroup) Owner() *genruntime.ResourceReference      { return nil }
func (g *TestGroup) AzureName() string                         { return g.Name }
func (g *TestGroup) GetType() string                           { return "Microsoft.Resources/resourceGroups" }
func (g *TestGroup) GetAPIVersion() string                     { return "2022-07-01" }

// testChildSpec holds the owner and a reference.
type testChildSpec struct {
	Owner  *genruntime.KnownResourceReference `json:"owner,omitempty"`
	Subnet *genruntime.ResourceReference      `json:"subnet,omitempty"`
	// Password and Token are secret inputs.
	Password *genruntime.SecretReference `json:"password,omitempty"`
	Token    *genruntime.SecretReference `json:"token,omitempty"`
}

// TestChild is owned by a TestGroup.
type TestChild struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              testChildSpec `json:"spec,omitempty"`
	Status            testStatus    `json:"status,omitempty"`
}

func (c *TestChild) DeepCopyObject() runtime.Object {
	out := *c
	c.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec.Owner = c.Spec.Owner.DeepCopy()
	out.Spec.Subnet = c.Spec.Subnet.DeepCopy()
	out.Spec.Password = c.Spec.Password.DeepCopy()
	out.Spec.Token = c.Spec.Token.DeepCopy()
	out.Status.Conditions = c.Status.Conditions.DeepCopy()
	return &out
}

func (c *TestChild) GetConditions() conditions.Conditions      { return c.Status.Conditions }
func (c *TestChild) SetConditions(conds conditions.Conditions) { c.Status.Conditions = conds }
func (c *TestChild) AzureName() string                         { return c.Name }
func (c *TestChild) GetType() string                           { return "Microsoft.Test/children" }
func (c *TestChild) GetAPIVersion() string                     { return "2022-07-01" }

func (c *TestChild) Owner() *genruntime.ResourceReference {
	if c.Spec.Owner == nil {
		return nil
	}

	return c.Spec.Owner.AsResourceReference(groupGK.Group, groupGK.Kind)
}

// newTestScheme registers the test types.
func newTestScheme() *runtime.Scheme {
	scheme := runtime.NewScheme()
	scheme.AddKnownTypes(testGV, &TestGroup{}, &TestChild{})
	_ = corev1.AddToScheme(scheme) // Secrets
	return scheme
}

// testKinds maps the test kinds to their GVKs.
func testKinds() map[schema.GroupKind]schema.GroupVersionKind {
	return map[schema.GroupKind]schema.GroupVersionKind{groupGK: groupGVK, childGK: childGVK}
}
