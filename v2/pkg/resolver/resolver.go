package resolver

import (
	"context"
	"strings"

	"github.com/pkg/errors"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// Resolver looks up owners and references through a controller-runtime client.
type Resolver struct {
	client         client.Client
	scheme         *runtime.Scheme
	kinds          map[schema.GroupKind]schema.GroupVersionKind
	subscriptionID string
}

// NewResolver returns a Resolver reading through kubeClient.
// kinds maps each GroupKind that may be an owner or a reference target to the
// GroupVersionKind to fetch (the hub); scheme instantiates those kinds. subscriptionID is used to
// build the ARM ID "/subscriptions/<subscriptionID>" of the parent of resources with no owner.
func NewResolver(
	kubeClient client.Client,
	scheme *runtime.Scheme,
	kinds map[schema.GroupKind]schema.GroupVersionKind,
	subscriptionID string,
) *Resolver {
	copied := make(map[schema.GroupKind]schema.GroupVersionKind, len(kinds))
	for gk, gvk := range kinds {
		copied[gk] = gvk
	}

	return &Resolver{client: kubeClient, scheme: scheme, kinds: copied, subscriptionID: subscriptionID}
}

// SubscriptionID returns the subscription configured for resources with no owner.
func (r *Resolver) SubscriptionID() string {
	return r.subscriptionID
}

// ResolveOwner returns obj's owner and the owner's ARM ID.
//
//   - No owner (obj.Owner() is nil): a nil owner and "/subscriptions/<subscriptionID>".
//   - Owner given by ARM ID (/subscriptions/... or, for a tenant-level owner, /providers/...): a nil
//     owner and that ID; there is no Kubernetes object to check.
//   - Owner given by name: the owner, read from obj's namespace, and its resource-id annotation.
//     If the owner does not exist, or has no resource ID yet, the error is a
//     ReadyConditionImpactingError (Warning, WaitingForOwner).
func (r *Resolver) ResolveOwner(ctx context.Context, obj genruntime.KubernetesResource) (genruntime.KubernetesResource, string, error) {
	return r.resolveOwner(ctx, obj, r.subscriptionID)
}

// ReasonSubscriptionMismatch: an object's credential is for another subscription than the
// object's ARM ID (its owner's, or the one its resource was created in).
var ReasonSubscriptionMismatch = conditions.Reason{Name: "SubscriptionMismatch", RetryClassification: conditions.RetrySlow}

// ResolveOwnerIn is ResolveOwner for an object whose credential manages subscriptionID: a
// resource with no owner is created in that subscription, and an owner in another subscription
// is refused (Warning, SubscriptionMismatch) since the credential would act outside its own.
func (r *Resolver) ResolveOwnerIn(ctx context.Context, obj genruntime.KubernetesResource, subscriptionID string) (genruntime.KubernetesResource, string, error) {
	owner, id, err := r.resolveOwner(ctx, obj, subscriptionID)
	if err == nil {
		err = InSubscription(id, subscriptionID, "its owner")
	}
	return owner, id, err
}

func (r *Resolver) resolveOwner(ctx context.Context, obj genruntime.KubernetesResource, subscriptionID string) (genruntime.KubernetesResource, string, error) {
	ref := obj.Owner()
	if ref == nil {
		id, err := subscriptionARMID(subscriptionID)
		return nil, id, err
	}

	if err := genruntime.ValidateOwner(*ref); err != nil {
		return nil, "", conditions.WrapWithReason(err, "invalid owner", conditions.SeverityError, conditions.ReasonFailed)
	}

	if ref.IsDirectARMReference() {
		return nil, ref.ARMID, nil
	}

	return r.resolveKubernetesOwner(ctx, obj.GetNamespace(), *ref)
}

// InSubscription refuses an ARM ID (of what) in another subscription than subscriptionID; a
// tenant-level ID has none and passes.
func InSubscription(id, subscriptionID, what string) error {
	sub := SubscriptionOf(id)
	if sub == "" || strings.EqualFold(sub, subscriptionID) {
		return nil
	}
	return conditions.NewReadyConditionImpactingError(errors.Errorf(
		"%s (%s) is in subscription %s but the object's credential is for subscription %s: a credential acts only in its own subscription",
		what, id, sub, subscriptionID), conditions.SeverityWarning, ReasonSubscriptionMismatch)
}

// SubscriptionOf is the subscription of an ARM ID ("" for a tenant-level ID).
func SubscriptionOf(id string) string {
	parts := strings.Split(id, "/")
	if len(parts) > 2 && parts[0] == "" && strings.EqualFold(parts[1], "subscriptions") {
		return parts[2]
	}
	return ""
}

// resolveKubernetesOwner reads the owner object and its resource ID.
func (r *Resolver) resolveKubernetesOwner(ctx context.Context, namespace string, ref genruntime.ResourceReference) (genruntime.KubernetesResource, string, error) {
	owner, err := r.get(ctx, namespace, ref)
	if apierrors.IsNotFound(err) {
		return nil, "", conditions.WrapWithReason(err, "owner "+ref.String()+" does not exist",
			conditions.SeverityWarning, conditions.ReasonWaitingForOwner)
	}

	if err != nil {
		return nil, "", err
	}

	id, ok := genruntime.GetResourceID(owner)
	if !ok {
		return nil, "", conditions.NewReadyConditionImpactingError(
			errors.Errorf("owner %s has not been created in Azure yet (no %s annotation)", ref, genruntime.ResourceIDAnnotation),
			conditions.SeverityWarning, conditions.ReasonWaitingForOwner)
	}

	return owner, id, nil
}

// subscriptionARMID returns the ARM ID of the subscription, the parent of unowned resources.
func subscriptionARMID(subscriptionID string) (string, error) {
	if subscriptionID == "" {
		return "", errors.New("resource has no owner and its credential has no subscription ID")
	}

	return "/subscriptions/" + subscriptionID, nil
}

// get reads the object ref names, in namespace, as the GroupVersionKind registered for its kind.
func (r *Resolver) get(ctx context.Context, namespace string, ref genruntime.ResourceReference) (genruntime.KubernetesResource, error) {
	obj, err := r.newObject(ref.GroupKind())
	if err != nil {
		return nil, err
	}

	key := types.NamespacedName{Namespace: namespace, Name: ref.Name}
	if err := r.client.Get(ctx, key, obj); err != nil {
		return nil, errors.Wrapf(err, "reading %s in namespace %q", ref, namespace)
	}

	return obj, nil
}

// newObject instantiates the registered GroupVersionKind for gk.
func (r *Resolver) newObject(gk schema.GroupKind) (genruntime.KubernetesResource, error) {
	gvk, ok := r.kinds[gk]
	if !ok {
		return nil, errors.Errorf("no type registered with the resolver for %s", gk)
	}

	obj, err := r.scheme.New(gvk)
	if err != nil {
		return nil, errors.Wrapf(err, "creating %s", gvk)
	}

	resource, ok := obj.(genruntime.KubernetesResource)
	if !ok {
		return nil, errors.Errorf("%s (%T) is not a genruntime.KubernetesResource", gvk, obj)
	}

	return resource, nil
}
