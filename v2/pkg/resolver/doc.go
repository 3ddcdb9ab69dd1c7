// Package resolver finds, through the Kubernetes API, the resources a resource depends on: its
// owner, and the resources its Spec refers to with genruntime.ResourceReference, turning each
// into an ARM ID.
//
// A Resolver knows, for every kind that can be an owner or a reference target, which
// GroupVersionKind to fetch (normally the storage hub, so one Go type serves every version).
// A resource that does not exist yet, or that exists in the cluster but not yet in Azure (it has
// no serviceoperator.azure.com/resource-id annotation), is reported as a
// conditions.ReadyConditionImpactingError with severity Warning: WaitingForOwner for owners,
// ReferenceNotFound for other references. The reconciler shows it on the Ready condition and
// tries again later.
package resolver
