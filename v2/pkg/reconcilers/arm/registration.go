package arm

import (
	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/registration"
)

// ARMVersion is an API-version resource type: it converts Spec and Status to and from ARM
// payloads, and to and from the kind's hub.
type ARMVersion interface {
	genruntime.ARMResource
	conversion.Convertible
}

// kind is a registered resource kind with the conversions the reconciler needs.
type kind struct {
	registration.Resource
}

// validate reports a registration the reconciler cannot use.
func validate(r registration.Resource) error {
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

// registry finds kinds by GroupKind.
type registry map[schema.GroupKind]kind

func newRegistry(resources []registration.Resource) (registry, error) {
	out := registry{}
	for _, r := range resources {
		if err := validate(r); err != nil {
			return nil, err
		}
		out[r.GroupKind] = kind{r}
	}
	return out, nil
}

// toARMVersion converts a hub object to the API version that talks to ARM.
func (k kind) toARMVersion(hub genruntime.KubernetesResource) (ARMVersion, error) {
	v := k.NewARMVersion().(ARMVersion)
	if err := v.ConvertFrom(hub.(conversion.Hub)); err != nil {
		return nil, errors.Wrapf(err, "converting %s to %T", k.GroupKind, v)
	}
	return v, nil
}

// refreshHub copies an API-version object (with fresh status) back into the hub object.
func (k kind) refreshHub(v ARMVersion, hub genruntime.KubernetesResource) error {
	return errors.Wrapf(v.ConvertTo(hub.(conversion.Hub)), "converting %T to the %s hub", v, k.GroupKind)
}
