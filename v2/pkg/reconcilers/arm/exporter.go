package arm

import (
	"context"

	"github.com/pkg/errors"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// exportObjects creates or patches the objects the kind's KubernetesExporter returns, in the
// resource's namespace and with the resource as controller owner.
func (run *reconcileRun) exportObjects(ctx context.Context) error {
	if !run.checkers.hasKube {
		return nil
	}
	objects, err := run.checkers.kube(ctx, run.obj, run.arm, run.log)
	if err != nil {
		return err
	}
	for _, o := range objects {
		if err := run.applyExported(ctx, o); err != nil {
			return err
		}
	}
	run.log.V(1).Info("Exported Kubernetes objects", "objects", len(objects))
	return nil
}

// applyExported creates desired, or patches the one of its name the resource controls with it
// (a JSON merge patch of desired). One in another namespace, or one of that name the resource
// does not control, is refused with a Warning.
func (run *reconcileRun) applyExported(ctx context.Context, desired client.Object) error {
	kind := desired.GetObjectKind().GroupVersionKind().Kind
	if ns := desired.GetNamespace(); ns != "" && ns != run.obj.GetNamespace() {
		return exportRefused(errors.Errorf("the KubernetesExporter returned %s %q in namespace %q: only the resource's namespace is allowed", kind, desired.GetName(), ns))
	}
	desired.SetNamespace(run.obj.GetNamespace())
	current := desired.DeepCopyObject().(client.Object)
	err := run.kube.Get(ctx, client.ObjectKeyFromObject(desired), current)
	if err != nil && !apierrors.IsNotFound(err) {
		return errors.Wrapf(err, "reading %T %q", desired, desired.GetName())
	}
	if err == nil && !metav1.IsControlledBy(current, run.obj) {
		return exportRefused(errors.Errorf("%T %q exists and does not belong to this resource", desired, desired.GetName()))
	}
	if err := controllerutil.SetControllerReference(run.obj, desired, run.kube.Scheme()); err != nil {
		return errors.Wrapf(err, "owning %T %q", desired, desired.GetName())
	}
	if apierrors.IsNotFound(err) {
		return errors.Wrapf(run.kube.Create(ctx, desired), "creating %T %q", desired, desired.GetName())
	}
	desired.SetResourceVersion("")
	return errors.Wrapf(run.kube.Patch(ctx, desired, client.Merge), "updating %T %q", desired, desired.GetName())
}

func exportRefused(err error) error {
	return conditions.NewReadyConditionImpactingError(err, conditions.SeverityWarning, conditions.ReasonFailed)
}
