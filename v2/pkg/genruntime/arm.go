package genruntime

import (
	"fmt"

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

// ResolvedReferences maps each ResourceReference in a Spec to its ARM ID, and each
// SecretReference to the Secret's value. The zero value holds nothing; direct ARM references
// need no entry. Its String never shows a secret value.
type ResolvedReferences struct {
	ids        map[ResourceReference]string
	secrets    map[SecretReference]string
	configMaps map[ConfigMapReference]string
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

// WithSecrets returns a copy of r that also holds the values of the given secret references.
func (r ResolvedReferences) WithSecrets(values map[SecretReference]string) ResolvedReferences {
	out := ResolvedReferences{ids: r.ids, secrets: make(map[SecretReference]string, len(values)), configMaps: r.configMaps}
	for ref, v := range values {
		out.secrets[ref] = v
	}
	return out
}

// WithConfigMaps returns a copy of r that also holds the values of the given ConfigMap
// references.
func (r ResolvedReferences) WithConfigMaps(values map[ConfigMapReference]string) ResolvedReferences {
	out := ResolvedReferences{ids: r.ids, secrets: r.secrets, configMaps: make(map[ConfigMapReference]string, len(values))}
	for ref, v := range values {
		out.configMaps[ref] = v
	}
	return out
}

// LookupConfigMap returns the value of a ConfigMap reference. One that was never resolved is an
// error naming the ConfigMap and key.
func (r ResolvedReferences) LookupConfigMap(ref ConfigMapReference) (string, error) {
	v, ok := r.configMaps[ref]
	if !ok {
		return "", errors.Errorf("config map %s has not been resolved", ref)
	}
	return v, nil
}

// LookupSecret returns the value of a secret reference. One that was never resolved is an
// error naming the Secret and key (never a value).
func (r ResolvedReferences) LookupSecret(ref SecretReference) (string, error) {
	v, ok := r.secrets[ref]
	if !ok {
		return "", errors.Errorf("secret %s has not been resolved", ref)
	}
	return v, nil
}

// String names what is resolved without any secret value.
func (r ResolvedReferences) String() string {
	return fmt.Sprintf("%d references, %d secrets, %d config values", len(r.ids), len(r.secrets), len(r.configMaps))
}

// Len returns the number of resolved (non-direct) references held.
func (r ResolvedReferences) Len() int {
	return len(r.ids)
}
