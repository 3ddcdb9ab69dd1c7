// Package webhooks serves a generated operator's kinds through the API server's webhooks:
//
//   - conversion: every version and storage variant of a kind converts through its hub with the
//     generated ConvertTo/ConvertFrom (controller-runtime's conversion webhook, at /convert);
//   - defaulting: spec.azureName defaults to metadata.name, and the default is persisted;
//   - validation: the owner is required for kinds that have one and names exactly one of a
//     Kubernetes object or an ARM ID; an extension resource's owner (registration.Resource's
//     ArbitraryOwner: any kind the operator serves) gives its group and kind with the name, or an
//     ARM ID (starting with /subscriptions/ or /providers/); every resource reference names
//     exactly one of a Kubernetes object or an ARM ID; every secret
//     reference names a Secret and a key; spec.azureName and
//     spec.owner are write-once, because changing either would point the object at another
//     Azure resource and orphan the first.
//
// The defaulting and validating webhooks are registered at the hub (storage) version of each kind;
// their configurations (written by controller-gen from the markers asogen emits on each hub) use
// matchPolicy Equivalent, so the API server converts a request at any version to the hub before
// calling them. Setup registers all three for the kinds of a generated registry.
package webhooks
