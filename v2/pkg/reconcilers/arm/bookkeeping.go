package arm

import (
	"context"
	"encoding/json"

	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The operator's own writes to an object never overwrite what a user wrote in between:
// annotations go out as JSON merge patches naming only the operator's keys (nothing to conflict
// with), and list fields (finalizers, owner references) as merge patches guarded by the
// resourceVersion, retried on a conflict from a fresh read. Only metadata comes back into the
// object in memory: its status, fresh from Azure, is written at the end of the reconcile.

// setAnnotations writes values into the object's annotations; an empty value removes the key.
// Keys already as wanted are not sent; nothing is sent when none changes.
func (r *Reconciler) setAnnotations(ctx context.Context, obj client.Object, values map[string]string) error {
	changed := annotationChanges(obj.GetAnnotations(), values)
	if len(changed) == 0 {
		return nil
	}
	patch, err := json.Marshal(map[string]any{"metadata": map[string]any{"annotations": changed}})
	if err != nil {
		return err
	}
	target := obj.DeepCopyObject().(client.Object)
	if err := r.kube.Patch(ctx, target, client.RawPatch(types.MergePatchType, patch)); err != nil {
		return errors.Wrap(err, "writing the operator's annotations")
	}
	copyMeta(obj, target)
	return nil
}

// annotationChanges is the merge patch of annotations: a value to set, or nil to remove.
func annotationChanges(current, values map[string]string) map[string]any {
	changed := map[string]any{}
	for k, v := range values {
		old, present := current[k]
		switch {
		case v == "" && present:
			changed[k] = nil
		case v != "" && old != v:
			changed[k] = v
		}
	}
	return changed
}

// updateMeta applies mutate to the object's metadata and writes it with a merge patch that fails
// on a concurrent write; on a conflict it reads the object again and applies mutate anew.
// mutate reports whether it changed anything; nothing is sent when it did not.
func (r *Reconciler) updateMeta(ctx context.Context, obj client.Object, mutate func(client.Object) bool) error {
	latest := obj.DeepCopyObject().(client.Object)
	first := true
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		if !first {
			if err := r.kube.Get(ctx, client.ObjectKeyFromObject(obj), latest); err != nil {
				return err
			}
		}
		first = false
		before := latest.DeepCopyObject().(client.Object)
		if !mutate(latest) {
			copyMeta(obj, latest)
			return nil
		}
		if err := r.kube.Patch(ctx, latest, client.MergeFromWithOptions(before, client.MergeFromWithOptimisticLock{})); err != nil {
			return err
		}
		copyMeta(obj, latest)
		return nil
	})
}

// copyMeta copies what the operator writes in metadata from src into dst.
func copyMeta(dst, src client.Object) {
	dst.SetAnnotations(src.GetAnnotations())
	dst.SetFinalizers(src.GetFinalizers())
	dst.SetOwnerReferences(src.GetOwnerReferences())
	dst.SetResourceVersion(src.GetResourceVersion())
}
