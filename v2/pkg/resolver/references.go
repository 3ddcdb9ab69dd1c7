package resolver

import (
	"context"

	"github.com/pkg/errors"
	apierrors "k8s.io/apimachinery/pkg/api/errors"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// ResolveReference returns the ARM ID of ref, looked up in namespace.
// A direct ARM reference returns its own ARMID without any lookup. A referenced resource that
// does not exist, has no resource ID yet, or is not Ready (not yet created in Azure, or being
// changed there) gives a ReadyConditionImpactingError (Warning, ReferenceNotFound); an invalid
// reference gives one with severity Error, as the user must fix it.
func (r *Resolver) ResolveReference(ctx context.Context, namespace string, ref genruntime.ResourceReference) (string, error) {
	if err := ref.Validate(); err != nil {
		return "", conditions.WrapWithReason(err, "invalid reference", conditions.SeverityError, conditions.ReasonFailed)
	}

	if ref.IsDirectARMReference() {
		return ref.ARMID, nil
	}

	obj, err := r.get(ctx, namespace, ref)
	if apierrors.IsNotFound(err) {
		return "", conditions.WrapWithReason(err, "referenced resource "+ref.String()+" does not exist",
			conditions.SeverityWarning, conditions.ReasonReferenceNotFound)
	}

	if err != nil {
		return "", err
	}

	return referenceARMID(obj, ref)
}

// referenceARMID reads the resource ID of a referenced object that exists in Azure: one the
// operator has claimed (resource-id annotation) and marked Ready.
func referenceARMID(obj genruntime.KubernetesResource, ref genruntime.ResourceReference) (string, error) {
	id, ok := genruntime.GetResourceID(obj)
	if !ok {
		return "", notCreated(errors.Errorf("referenced resource %s has not been created in Azure yet (no %s annotation)", ref, genruntime.ResourceIDAnnotation))
	}
	if ready, _ := conditions.GetCondition(obj, conditions.ConditionTypeReady); !ready.IsTrue() {
		return "", notCreated(errors.Errorf("referenced resource %s is not Ready in Azure yet", ref))
	}

	return id, nil
}

func notCreated(err error) error {
	return conditions.NewReadyConditionImpactingError(err, conditions.SeverityWarning, conditions.ReasonReferenceNotFound)
}

// ResolveReferences resolves every reference in refs (see ResolveReference), stopping at the
// first failure.
func (r *Resolver) ResolveReferences(ctx context.Context, namespace string, refs []genruntime.ResourceReference) (genruntime.ResolvedReferences, error) {
	ids := make(map[genruntime.ResourceReference]string, len(refs))
	for _, ref := range refs {
		id, err := r.ResolveReference(ctx, namespace, ref)
		if err != nil {
			return genruntime.ResolvedReferences{}, err
		}

		if !ref.IsDirectARMReference() {
			ids[ref] = id
		}
	}

	return genruntime.NewResolvedReferences(ids), nil
}

// ResolveResourceReferences resolves every ResourceReference in obj's Spec (found with
// genruntime.FindResourceReferences on obj), in obj's namespace.
func (r *Resolver) ResolveResourceReferences(ctx context.Context, obj genruntime.KubernetesResource) (genruntime.ResolvedReferences, error) {
	refs := genruntime.FindResourceReferences(obj)
	return r.ResolveReferences(ctx, obj.GetNamespace(), refs)
}
