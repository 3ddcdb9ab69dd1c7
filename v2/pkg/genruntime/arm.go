package genruntime

import (
	"github.com/pkg/errors"
)

// ARMResource is implemented by every generated API-version (non-storage) resource type, so the
// reconciler never builds ARM JSON by hand.
type ARMResource interface {
	KubernetesResource

	// ARMIDFromOwner returns this resource's ARM ID given its owner's ARM ID
	// (for a resource with no owner, ownerID is "/subscriptions/{subscriptionID}").
	ARMIDFromOwner(ownerID string) string

	// SpecToARM converts Spec to the ARM PUT body (a JSON-serializable value).
	SpecToARM(resolved ResolvedReferences) (any, error)

	// NewARMStatus returns a pointer to an empty value to decode an ARM GET response into.
	NewARMStatus() any

	// StatusFromARM sets Status from a value returned by NewARMStatus after decoding.
	StatusFromARM(armStatus any) error
}

// ResolvedReferences maps each ResourceReference in a Spec to its ARM ID.
// The zero value holds no references; direct ARM references need no entry.
type ResolvedReferences struct {
	ids map[ResourceReference]string
}

// NewResolvedReferences returns resolved references holding a copy of ids.
func NewResolvedReferences(ids map[ResourceReference]string) ResolvedReferences {
	copied := make(map[ResourceReference]string, len(ids))
	for ref, id := range ids {
		copied[ref] = id
	}

	return ResolvedReferences{ids: copied}
}

// Lookup returns the ARM ID of ref: its own ARMID for a direct ARM reference, else the resolved
// ID. A reference that was never resolved is an error.
func (r ResolvedReferences) Lookup(ref ResourceReference) (string, error) {
	if ref.IsDirectARMReference() {
		return ref.ARMID, nil
	}

	id, ok := r.ids[ref]
	if !ok {
		return "", errors.Errorf("reference %s has not been resolved", ref)
	}

	return id, nil
}

// Len returns the number of resolved (non-direct) references held.
func (r ResolvedReferences) Len() int {
	return len(r.ids)
}
