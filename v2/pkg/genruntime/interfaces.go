package genruntime

import (
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// ResourceIDAnnotation is the annotation holding a resource's ARM ID once it exists in Azure.
const ResourceIDAnnotation = "serviceoperator.azure.com/resource-id"

// MetaObject is a Kubernetes object that carries conditions.
type MetaObject interface {
	client.Object
	conditions.Conditioner
}

// KubernetesResource is a MetaObject that maps to one Azure resource.
type KubernetesResource interface {
	MetaObject

	// Owner returns a reference to the resource's owner, or nil when it has none
	// (for example a ResourceGroup, owned by the subscription).
	Owner() *ResourceReference

	// AzureName returns the name of the resource in Azure.
	AzureName() string

	// GetType returns the ARM resource type, such as "Microsoft.Network/privateEndpoints".
	GetType() string

	// GetAPIVersion returns the ARM API version, such as "2022-07-01".
	GetAPIVersion() string
}

// ResourceExtension is implemented by the extension host of each resource kind. The host may
// also implement any of the interfaces in package extensions.
type ResourceExtension interface {
	// GetExtendedResources returns one empty instance of every version of the resource this
	// extension applies to.
	GetExtendedResources() []KubernetesResource
}

// GetResourceID returns the ARM ID recorded on obj, and whether there is one.
func GetResourceID(obj MetaObject) (string, bool) {
	id, ok := obj.GetAnnotations()[ResourceIDAnnotation]
	if !ok || id == "" {
		return "", false
	}

	return id, true
}

// SetResourceID records id as obj's ARM ID, keeping other annotations.
func SetResourceID(obj MetaObject, id string) {
	SetAnnotation(obj, ResourceIDAnnotation, id)
}

// SetAnnotation sets one annotation of obj, creating the map when there is none.
func SetAnnotation(obj MetaObject, key, value string) {
	annotations := obj.GetAnnotations()
	if annotations == nil {
		annotations = make(map[string]string, 1)
	}
	annotations[key] = value
	obj.SetAnnotations(annotations)
}

// Versioned is a storage object that records the API version it was written at (ASO's original
// version): the reconciler converts the hub back to that version to talk to ARM.
type Versioned interface {
	OriginalVersion() string
}
