package arm

import (
	"slices"
	"strings"

	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
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
	if r.NewHub == nil || len(r.ARMVersions) == 0 || r.Extension == nil {
		return errors.Errorf("registration for %s is incomplete", r.GroupKind)
	}
	if _, ok := r.NewHub().(conversion.Hub); !ok {
		return errors.Errorf("registration for %s: %T is not a conversion.Hub", r.GroupKind, r.NewHub())
	}
	if _, ok := r.ARMVersions[r.HubAPIVersion]; !ok {
		return errors.Errorf("registration for %s: the hub's API version %q is not among its API versions", r.GroupKind, r.HubAPIVersion)
	}
	for _, version := range r.ServedVersions() {
		if v := r.ARMVersions[version](); !isARMVersion(v) {
			return errors.Errorf("registration for %s: %T is not conversion.Convertible", r.GroupKind, v)
		}
	}
	return nil
}

func isARMVersion(v genruntime.ARMResource) bool {
	_, ok := v.(ARMVersion)
	return ok
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

// sorted lists the kinds by group, then kind, so controllers are set up the same way every time.
func (r registry) sorted() []kind {
	out := make([]kind, 0, len(r))
	for _, k := range r {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b kind) int {
		return strings.Compare(a.GroupKind.String(), b.GroupKind.String())
	})
	return out
}

// toARMVersion converts a hub object to the API version it was written at, which talks to ARM.
func (k kind) toARMVersion(hub genruntime.KubernetesResource) (ARMVersion, error) {
	return k.toVersion(hub, k.originalVersion(hub))
}

// originalVersion is the API version the object was written at; the hub's API version when the
// object does not record one (written at the storage version directly, or before it was recorded).
func (k kind) originalVersion(hub genruntime.KubernetesResource) string {
	if v, ok := hub.(genruntime.Versioned); ok && v.OriginalVersion() != "" {
		return v.OriginalVersion()
	}
	return k.HubAPIVersion
}

// toVersion converts a hub object to the given API version.
func (k kind) toVersion(hub genruntime.KubernetesResource, version string) (ARMVersion, error) {
	newVersion, ok := k.ARMVersions[version]
	if !ok {
		return nil, versionNotServed(k.Resource, version)
	}
	v := newVersion().(ARMVersion)
	if err := v.ConvertFrom(hub.(conversion.Hub)); err != nil {
		return nil, errors.Wrapf(err, "converting %s to %T", k.GroupKind, v)
	}
	return v, nil
}

// ReasonVersionNotServed: the object was written at an API version the operator no longer serves.
var ReasonVersionNotServed = conditions.Reason{Name: "VersionNotServed", RetryClassification: conditions.RetrySlow}

// versionNotServed is the Warning shown when an object records an API version that is no longer
// configured: the user re-applies the object at a served version.
func versionNotServed(r registration.Resource, version string) error {
	cause := errors.Errorf("the object was written at %s/%s, which this operator no longer serves; "+
		"apply it again at one of the served versions (%s) so the operator can talk to Azure",
		r.GroupKind.Group, version, strings.Join(r.ServedVersions(), ", "))
	return conditions.NewReadyConditionImpactingError(cause, conditions.SeverityWarning, ReasonVersionNotServed)
}

// refreshHub copies an API-version object (with fresh status) back into the hub object.
func (k kind) refreshHub(v ARMVersion, hub genruntime.KubernetesResource) error {
	return errors.Wrapf(v.ConvertTo(hub.(conversion.Hub)), "converting %T to the %s hub", v, k.GroupKind)
}
