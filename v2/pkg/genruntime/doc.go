// Package genruntime is the runtime contract between generated API types, hand-written
// extensions and the generic ARM reconciler.
//
// Generated resource types implement KubernetesResource (a controller-runtime object carrying
// conditions, with an optional owner, an Azure name and an ARM type and API version); the
// API-version (non-storage) types also implement ARMResource so the reconciler can convert them
// to and from ARM payloads. Each resource's extension host implements ResourceExtension and,
// optionally, the interfaces in package extensions.
//
// Specs refer to other resources with ResourceReference (by Kubernetes group/kind/name or by
// ARM ID) and to their owner with KnownResourceReference. Storage variants carry a PropertyBag so
// that conversions between API versions lose nothing.
//
// Once a resource exists in Azure its ARM ID is recorded in the ResourceIDAnnotation annotation
// (see GetResourceID and SetResourceID); the resolver reads it to find owners and references.
package genruntime
