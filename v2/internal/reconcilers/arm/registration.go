package arm

import (
	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// ARMVersion is an API-version resource type: it converts Spec and Status to and from ARM
// payloads, and to and from the kind's hub.
type ARMVersion interface {
	genruntime.ARMResource
	conversion.Convertible
}

// Registration is what the reconciler needs to know of one kind; the generated registry
// (v2/internal/controllers) provides one per configured kind.
type Registration struct {
	// GroupKind of the kind.
	GroupKind schema.GroupKind
	// NewHub returns an empty hub (storage) object: the type the controller watches.
	NewHub func() genruntime.KubernetesResource
	// NewARMVersion returns an empty object of the hub's API version, used to talk to ARM; it
	// must also implement conversion.Convertible.
	NewARMVersion func() genruntime.ARMResource
	// Extension is the kind's extension host; it may implement any of the extension interfaces.
	Extension genruntime.ResourceExtension
}

// validate reports a registration the reconciler cannot use.
func (r Registration) validate() error {
	if r.NewHub == nil || r.NewARMVersion == nil || r.Extension == nil {
		return errors.Errorf("registration for %s is incomplete", r.GroupKind)
	}
	if _, ok := r.NewHub().(conversion.Hub); !ok {
		return errors.Errorf("registration for %s: %T is not a conversion.Hub", r.GroupKind, r.NewHub())
	}
	if _, ok := r.NewARMVersion().(ARMVersion); !ok {
		return errors.Errorf("registration for %s: %T is not conversion.Convertible", r.GroupKind, r.NewARMVersion())
	}
	return nil
}

// registry finds registrations by GroupKind.
type registry map[schema.GroupKind]Registration

func newRegistry(regs []Registration) (registry, error) {
	out := registry{}
	for _, r := range regs {
		if err := r.validate(); err != nil {
			return nil, err
		}
		out[r.GroupKind] = r
	}
	return out, nil
}

// toARMVersion converts a hub object to the API version that talks to ARM.
func (r Registration) toARMVersion(hub genruntime.KubernetesResource) (ARMVersion, error) {
	v := r.NewARMVersion().(ARMVersion)
	if err := v.ConvertFrom(hub.(conversion.Hub)); err != nil {
		return nil, errors.Wrapf(err, "converting %s to %T", r.GroupKind, v)
	}
	return v, nil
}

// refreshHub copies an API-version object (with fresh status) back into the hub object.
func (r Registration) refreshHub(v ARMVersion, hub genruntime.KubernetesResource) error {
	return errors.Wrapf(v.ConvertTo(hub.(conversion.Hub)), "converting %T to the %s hub", v, r.GroupKind)
}
