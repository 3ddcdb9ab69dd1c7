// Package registration describes generated resource kinds to the runtime: the generated
// registry (registry_gen.go) lists one Resource per configured kind, and the generic ARM
// reconciler and the resolver are set up from that list.
package registration

import (
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// Resource is what the runtime needs to know about one generated resource kind.
type Resource struct {
	// GroupKind is the Kubernetes group and kind.
	GroupKind schema.GroupKind
	// ARMType is the ARM resource type, e.g. Microsoft.Network/privateEndpoints.
	ARMType string
	// Plural is the Kubernetes resource name, e.g. privateendpoints; the CRD is <Plural>.<Group>.
	Plural string
	// HubGVK is the storage version: objects are stored, watched and handed to extensions as it.
	HubGVK schema.GroupVersionKind
	// GVKs lists every API version and storage variant of the kind.
	GVKs []schema.GroupVersionKind
	// Owner is the owner's group and kind; nil when the subscription or the tenant owns the kind,
	// or when any resource can (ArbitraryOwner).
	Owner *schema.GroupKind
	// ArbitraryOwner is true for an extension resource (a diagnostic setting...): its owner is any
	// resource, named by group, kind and name or by ARM ID (genruntime.ArbitraryOwnerReference).
	ArbitraryOwner bool
	// Extension is the kind's extension host; it implements the configured extension interfaces.
	Extension genruntime.ResourceExtension
	// NewHub returns an empty hub object.
	NewHub func() genruntime.KubernetesResource
	// ARMVersions returns an empty object of each API version, keyed by Kubernetes version
	// (v1api20220701): the reconciler talks to ARM at the version an object was written at.
	ARMVersions map[string]func() genruntime.ARMResource
	// HubAPIVersion is the API version of the hub, used for objects that do not record the
	// version they were written at.
	HubAPIVersion string
	// SecretExportAction is the ARM action ({id}/{action}, such as listKeys) whose JSON response
	// holds the secret values the kind exports into the Secrets named in spec.operatorSpec.secrets;
	// "" when only a KubernetesSecretExporter (or nothing) supplies them.
	SecretExportAction string
}

// ServedVersions lists the kind's API versions, sorted.
func (r Resource) ServedVersions() []string {
	return slices.Sorted(maps.Keys(r.ARMVersions))
}

// HubKinds maps every kind to its hub GroupVersionKind: the resolver reads owners and
// referenced resources at that version.
func HubKinds(resources []Resource) map[schema.GroupKind]schema.GroupVersionKind {
	kinds := make(map[schema.GroupKind]schema.GroupVersionKind, len(resources))
	for _, r := range resources {
		kinds[r.GroupKind] = r.HubGVK
	}
	return kinds
}
