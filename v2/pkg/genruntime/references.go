package genruntime

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// ResourceReference refers to another resource, either by Kubernetes group, kind and name (in
// the same namespace as the referring resource) or directly by ARM ID. Exactly one form is set.
// +kubebuilder:object:generate=true
type ResourceReference struct {
	// Group is the Kubernetes group of the resource.
	Group string `json:"group,omitempty"`
	// Kind is the Kubernetes kind of the resource.
	Kind string `json:"kind,omitempty"`
	// Name is the Kubernetes name of the resource.
	Name string `json:"name,omitempty"`
	// ARMID is a string of the form /subscriptions/.../providers/... referring to a resource
	// not managed by the operator. Mutually exclusive with Group, Kind and Name.
	// +kubebuilder:validation:Pattern="(?i)^/subscriptions/.+"
	ARMID string `json:"armId,omitempty"`
}

// IsDirectARMReference reports whether the reference is by ARM ID.
func (r ResourceReference) IsDirectARMReference() bool {
	return r.ARMID != "" && r.Group == "" && r.Kind == "" && r.Name == ""
}

// GroupKind returns the reference's Kubernetes group and kind.
func (r ResourceReference) GroupKind() schema.GroupKind {
	return schema.GroupKind{Group: r.Group, Kind: r.Kind}
}

// String renders the reference for messages: the ARM ID, or Group/Kind/Name.
func (r ResourceReference) String() string {
	if r.IsDirectARMReference() {
		return r.ARMID
	}

	return fmt.Sprintf("%s/%s/%s", r.Group, r.Kind, r.Name)
}

// Validate checks that exactly one of ARMID or Group, Kind and Name is set, and that an ARMID
// starts with /subscriptions/.
func (r ResourceReference) Validate() error {
	hasKube := r.Group != "" || r.Kind != "" || r.Name != ""
	switch {
	case r.ARMID != "" && hasKube:
		return errors.Errorf("reference %s: set either armId or group, kind and name, not both", r.describe())
	case r.ARMID != "":
		return validateARMID(r.ARMID)
	case r.Group == "" || r.Kind == "" || r.Name == "":
		return errors.Errorf("reference %s: group, kind and name are all required when armId is not set", r.describe())
	}

	return nil
}

// describe renders every field, for validation messages.
func (r ResourceReference) describe() string {
	return fmt.Sprintf("{group: %q, kind: %q, name: %q, armId: %q}", r.Group, r.Kind, r.Name, r.ARMID)
}

// validateARMID checks the shape every ARM ID shares.
func validateARMID(id string) error {
	if !strings.HasPrefix(strings.ToLower(id), "/subscriptions/") || len(id) == len("/subscriptions/") {
		return errors.Errorf("armId %q must start with /subscriptions/<subscription-id>", id)
	}

	return nil
}

// KnownResourceReference is the Spec.Owner field: the owner's group and kind are known from the
// generated code, so only its name (or its ARM ID) is given.
// +kubebuilder:object:generate=true
type KnownResourceReference struct {
	// Name is the Kubernetes name of the owner, in the same namespace.
	Name string `json:"name,omitempty"`
	// ARMID is the ARM ID of an owner not managed by the operator. Mutually exclusive with Name.
	// +kubebuilder:validation:Pattern="(?i)^/subscriptions/.+"
	ARMID string `json:"armId,omitempty"`
}

// AsResourceReference completes the reference with the owner's group and kind. An ARM ID
// reference stays a direct ARM reference.
func (r KnownResourceReference) AsResourceReference(group, kind string) *ResourceReference {
	if r.ARMID != "" && r.Name == "" {
		return &ResourceReference{ARMID: r.ARMID}
	}

	return &ResourceReference{Group: group, Kind: kind, Name: r.Name, ARMID: r.ARMID}
}

// Validate checks that exactly one of Name or ARMID is set.
func (r KnownResourceReference) Validate() error {
	switch {
	case r.Name != "" && r.ARMID != "":
		return errors.Errorf("owner {name: %q, armId: %q}: set either name or armId, not both", r.Name, r.ARMID)
	case r.ARMID != "":
		return validateARMID(r.ARMID)
	case r.Name == "":
		return errors.New("owner: one of name or armId is required")
	}

	return nil
}

// ArbitraryOwnerReference is the Spec.Owner field of an extension resource (a diagnostic setting,
// a lock...): any resource can own it, so the owner's group and kind are given with its name; or
// its ARM ID, for an owner not managed by the operator. The extension's ARM ID is built under the
// owner's: <owner ARM ID>/providers/<namespace>/<type>/<name>.
// +kubebuilder:object:generate=true
type ArbitraryOwnerReference struct {
	// Group is the Kubernetes group of the owner, e.g. resources.azure.com.
	Group string `json:"group,omitempty"`
	// Kind is the Kubernetes kind of the owner, e.g. ResourceGroup.
	Kind string `json:"kind,omitempty"`
	// Name is the Kubernetes name of the owner, in the same namespace.
	Name string `json:"name,omitempty"`
	// ARMID is the ARM ID of an owner not managed by the operator. Mutually exclusive with
	// Group, Kind and Name.
	// +kubebuilder:validation:Pattern="(?i)^/(subscriptions|providers)/.+"
	ARMID string `json:"armId,omitempty"`
}

// AsResourceReference returns the owner as a ResourceReference; an ARM ID stays a direct ARM reference.
func (r ArbitraryOwnerReference) AsResourceReference() *ResourceReference {
	return &ResourceReference{Group: r.Group, Kind: r.Kind, Name: r.Name, ARMID: r.ARMID}
}

// ValidateOwner checks an owner as Owner() returns it: exactly one of name (with its group and
// kind) or armId (starting with /subscriptions/ or, for a tenant-level owner such as a management
// group, /providers/). The group and kind of a known owner kind are filled in by Owner(); an
// extension resource's user gives them.
func ValidateOwner(r ResourceReference) error {
	hasKube := r.Group != "" || r.Kind != "" || r.Name != ""
	switch {
	case r.ARMID != "" && hasKube:
		return errors.Errorf("owner %s: set either armId or group, kind and name, not both", r.describe())
	case r.ARMID != "":
		if !strings.HasPrefix(strings.ToLower(r.ARMID), "/subscriptions/") && !strings.HasPrefix(strings.ToLower(r.ARMID), "/providers/") {
			return errors.Errorf("owner armId %q must start with /subscriptions/ or /providers/", r.ARMID)
		}
	case r.Name == "":
		return errors.Errorf("owner %s: one of name (with group and kind) or armId is required", r.describe())
	case r.Group == "" || r.Kind == "":
		return errors.Errorf("owner %s: group and kind are required with name: any kind of resource can own this one", r.describe())
	}

	return nil
}

var resourceReferenceType = reflect.TypeOf(ResourceReference{})

// FindResourceReferences returns every ResourceReference reachable from value (typically a
// resource's Spec, or a pointer to it), through structs, pointers, slices, arrays, maps and
// interfaces, without duplicates and sorted by String. Owner references
// (KnownResourceReference) are not included: the owner is resolved separately.
func FindResourceReferences(value any) []ResourceReference {
	found := make(map[ResourceReference]struct{})
	collectReferences(reflect.ValueOf(value), found)

	result := make([]ResourceReference, 0, len(found))
	for ref := range found {
		result = append(result, ref)
	}

	sort.Slice(result, func(i, j int) bool { return result[i].String() < result[j].String() })
	return result
}

// collectReferences walks v, adding each ResourceReference to found.
func collectReferences(v reflect.Value, found map[ResourceReference]struct{}) {
	if !v.IsValid() {
		return
	}

	if v.Type() == resourceReferenceType {
		found[v.Interface().(ResourceReference)] = struct{}{}
		return
	}

	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		collectReferences(v.Elem(), found)
	case reflect.Struct:
		collectFields(v, found)
	case reflect.Slice, reflect.Array:
		if isScalar(v.Type().Elem().Kind()) {
			return
		}

		for i := 0; i < v.Len(); i++ {
			collectReferences(v.Index(i), found)
		}
	case reflect.Map:
		if isScalar(v.Type().Elem().Kind()) {
			return
		}

		iter := v.MapRange()
		for iter.Next() {
			collectReferences(iter.Value(), found)
		}
	}
}

// collectFields walks the exported fields of struct v.
func collectFields(v reflect.Value, found map[ResourceReference]struct{}) {
	for i := 0; i < v.NumField(); i++ {
		if v.Type().Field(i).IsExported() {
			collectReferences(v.Field(i), found)
		}
	}
}

// isScalar reports whether values of kind k cannot hold a ResourceReference, so slices and maps
// of them (byte slices, string maps) need not be walked.
func isScalar(k reflect.Kind) bool {
	switch k {
	case reflect.Struct, reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Array, reflect.Map:
		return false
	}

	return true
}
