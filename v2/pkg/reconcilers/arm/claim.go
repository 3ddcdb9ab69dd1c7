package arm

import (
	"context"
	"strings"

	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// claimIndex indexes every object by the ARM ID it claimed (resource-id annotation, lower
// case), so that a second object naming the same Azure resource is refused.
const claimIndex = ".metadata.claimedResourceID"

// ReasonResourceAlreadyManaged: another object already manages the Azure resource this one names.
var ReasonResourceAlreadyManaged = conditions.Reason{Name: "ResourceAlreadyManaged", RetryClassification: conditions.RetrySlow}

func claimKey(o client.Object) []string {
	if id := o.GetAnnotations()[genruntime.ResourceIDAnnotation]; id != "" {
		return []string{strings.ToLower(id)}
	}
	return nil
}

// claim makes the object the one manager of its Azure resource before anything is sent: it is
// refused when an earlier object of its kind claimed the same ARM ID; otherwise one write adds
// the finalizer, the owner reference to its Kubernetes owner and the resource-id annotation.
func (run *reconcileRun) claim(ctx context.Context) (outcome, bool) {
	manager, err := run.managerOf(ctx)
	if err != nil {
		return failedWith(errors.Wrap(err, "listing the objects that claim the resource")), true
	}
	if manager != nil {
		return run.refuse(ctx, manager)
	}
	err = run.updateMeta(ctx, run.obj, func(o client.Object) bool {
		return run.adopt(o)
	})
	if err != nil {
		return failedWith(errors.Wrap(err, "recording the finalizer, owner and resource ID")), true
	}
	return outcome{}, false
}

// adopt sets what claim records on o and reports whether anything changed.
func (run *reconcileRun) adopt(o client.Object) bool {
	changed := controllerutil.AddFinalizer(o, Finalizer)
	if o.GetAnnotations()[genruntime.ResourceIDAnnotation] != run.id {
		genruntime.SetResourceID(o.(genruntime.MetaObject), run.id)
		changed = true
	}
	if run.owner != nil && !hasOwnerReference(o, run.owner) {
		_ = controllerutil.SetOwnerReference(run.owner, o, run.kube.Scheme())
		changed = true
	}
	return changed
}

func hasOwnerReference(o client.Object, owner client.Object) bool {
	for _, ref := range o.GetOwnerReferences() {
		if ref.UID == owner.GetUID() {
			return true
		}
	}
	return false
}

// managerOf returns the object that manages the Azure resource when it is another one. An
// object that claimed the ARM ID first keeps it; when two claims raced, the earlier created
// object (then the name) wins and the other withdraws.
func (run *reconcileRun) managerOf(ctx context.Context) (client.Object, error) {
	others, err := run.otherClaimants(ctx)
	if err != nil || len(others) == 0 {
		return nil, err
	}
	first := others[0]
	for _, o := range others[1:] {
		if earlier(o, first) {
			first = o
		}
	}
	if id, _ := genruntime.GetResourceID(run.obj); strings.EqualFold(id, run.id) && earlier(run.obj, first) {
		return nil, nil
	}
	return first, nil
}

// otherClaimants lists the other objects of this kind that claimed the ARM ID.
func (run *reconcileRun) otherClaimants(ctx context.Context) ([]client.Object, error) {
	list, err := newList(run.kube.Scheme(), run.reg.HubGVK.GroupVersion().WithKind(run.reg.HubGVK.Kind+"List"))
	if err != nil {
		return nil, err
	}
	if err := run.kube.List(ctx, list, client.MatchingFields{claimIndex: strings.ToLower(run.id)}); err != nil {
		return nil, err
	}
	var out []client.Object
	err = meta.EachListItem(list, func(item kruntime.Object) error {
		if o := item.(client.Object); o.GetUID() != run.obj.GetUID() {
			out = append(out, o)
		}
		return nil
	})
	return out, err
}

// earlier orders claimants: creation time, then namespace and name.
func earlier(a, b client.Object) bool {
	ta, tb := a.GetCreationTimestamp(), b.GetCreationTimestamp()
	if !ta.Equal(&tb) {
		return ta.Before(&tb)
	}
	return a.GetNamespace()+"/"+a.GetName() < b.GetNamespace()+"/"+b.GetName()
}

// refuse leaves the resource to its manager: no request to Azure now, and none when this object
// is deleted (its own claim, if it raced and made one, is withdrawn).
func (run *reconcileRun) refuse(ctx context.Context, manager client.Object) (outcome, bool) {
	if _, claimed := genruntime.GetResourceID(run.obj); claimed {
		if err := run.setAnnotations(ctx, run.obj, map[string]string{genruntime.ResourceIDAnnotation: ""}); err != nil {
			return failedWith(err), true
		}
	}
	err := errors.Errorf("Azure resource %s is already managed by %s %s/%s; this object sends it nothing and will not delete it",
		run.id, run.reg.GroupKind.Kind, manager.GetNamespace(), manager.GetName())
	o := failedWith(conditions.NewReadyConditionImpactingError(err, conditions.SeverityWarning, ReasonResourceAlreadyManaged))
	run.event(eventWarning, "Refused", o.message)
	return o, true
}
