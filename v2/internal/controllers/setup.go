package controllers

import (
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/asogen/asogen/v2/internal/reconcilers/arm"
)

// Registrations turns the generated registry into the generic ARM reconciler's registrations:
// one controller per kind, watching its hub type.
func Registrations() []arm.Registration {
	known := KnownResources()
	regs := make([]arm.Registration, 0, len(known))
	for _, k := range known {
		regs = append(regs, arm.Registration{
			GroupKind:     k.GroupKind,
			NewHub:        k.NewHub,
			NewARMVersion: k.NewARMVersion,
			Extension:     k.Extension,
		})
	}
	return regs
}

// HubKinds maps every kind to its hub GroupVersionKind, for the resolver: owners and references
// are read at the hub version.
func HubKinds() map[schema.GroupKind]schema.GroupVersionKind {
	kinds := map[schema.GroupKind]schema.GroupVersionKind{}
	for _, k := range KnownResources() {
		kinds[k.GroupKind] = k.HubGVK
	}
	return kinds
}
