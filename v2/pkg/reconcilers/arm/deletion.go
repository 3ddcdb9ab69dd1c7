package arm

import (
	"context"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// Finalizer keeps a resource in Kubernetes until it has been deleted from Azure.
const Finalizer = "serviceoperator.azure.com/finalizer"

// DeletePollerAnnotation keeps the resume token of a DELETE in progress between reconciles, so a
// restart follows the operation instead of sending the DELETE again.
const DeletePollerAnnotation = "serviceoperator.azure.com/delete-resume-token"

// delete removes the resource from Azure (the kind's Deleter, or the ARM DELETE when it was ever
// created there), then the exported Secrets and the finalizer. A DELETE Azure has not finished
// ends the reconcile; the next one follows it.
func (run *reconcileRun) delete(ctx context.Context, start genruntime.KubernetesResource) (ctrl.Result, error) {
	obj := run.obj
	if !controllerutil.ContainsFinalizer(obj, Finalizer) {
		return ctrl.Result{}, nil
	}
	result, err := run.deleteFromAzure(ctx)
	if err == nil && result.InProgress() {
		return run.finish(ctx, run, start, deleting(result.Message()))
	}
	if err == nil {
		err = result.CreateConditionError() // blocked: kept, and tried again
	}
	if err == nil {
		err = run.deleteExported(ctx, obj)
	}
	if err != nil {
		return run.finish(ctx, run, start, failedWith(err))
	}
	err = run.updateMeta(ctx, obj, func(o client.Object) bool { return controllerutil.RemoveFinalizer(o, Finalizer) })
	return ctrl.Result{}, client.IgnoreNotFound(errors.Wrap(err, "removing the finalizer"))
}

// deleteFromAzure runs the kind's deletion, unless the reconcile policy leaves the resource in
// Azure (skip, detach-on-delete): then the object goes and the resource stays.
func (run *reconcileRun) deleteFromAzure(ctx context.Context) (extensions.DeleteResult, error) {
	if run.policy == PolicyManage {
		return run.checkers.delete(ctx, run.obj, run.opts.Resolver, run.arm, run.log)
	}
	if id, claimed := genruntime.GetResourceID(run.obj); claimed {
		run.event(eventNormal, "Detached", "Left in Azure (reconcile policy "+string(run.policy)+"): "+id)
	}
	return extensions.DeleteCompleted(), nil
}

// deleting is the outcome while Azure deletes the resource.
func deleting(message string) outcome {
	o := inProgress()
	o.message, o.reason = message, reasonDeleting
	return o
}

var reasonDeleting = conditions.Reason{Name: "Deleting", RetryClassification: conditions.RetryFast}

// defaultDelete is the reconciler's deletion, the next of every Deleter: nothing when the object
// never claimed a resource in Azure or its owner's deletion takes the resource with it, else the
// ARM DELETE, followed through a resume token.
func (r *Reconciler) defaultDelete(
	ctx context.Context, obj genruntime.MetaObject, _ *resolver.Resolver, armClient *genericarmclient.GenericClient, log logr.Logger,
) (extensions.DeleteResult, error) {
	id, claimed := genruntime.GetResourceID(obj)
	resource, isResource := obj.(genruntime.KubernetesResource)
	if !claimed || !isResource {
		return extensions.DeleteCompleted(), nil
	}
	if token := obj.GetAnnotations()[DeletePollerAnnotation]; token != "" {
		return r.followDelete(ctx, armClient, resource, token)
	}
	if owner, gone := r.ownerDeleting(ctx, resource); gone {
		r.record(resource, eventNormal, "DeletedWithOwner", "Not deleted separately: deleting its owner "+owner+" removes it from Azure")
		return extensions.DeleteCompleted(), nil
	}
	poller, err := r.beginDelete(ctx, armClient, log, resource, id)
	if genericarmclient.IsNotFound(err) {
		return extensions.DeleteCompleted(), nil
	}
	if err != nil {
		return extensions.DeleteResult{}, err
	}
	log.V(1).Info("Sent DELETE", "resourceID", id)
	return r.awaitDelete(ctx, resource, poller)
}

// followDelete polls a DELETE started by an earlier reconcile.
func (r *Reconciler) followDelete(ctx context.Context, armClient *genericarmclient.GenericClient, obj genruntime.KubernetesResource, token string) (extensions.DeleteResult, error) {
	poller, err := armClient.ResumeDelete(ctx, token)
	if err != nil {
		return extensions.DeleteResult{}, r.dropDeleteToken(ctx, obj, err)
	}
	if err := poller.Poll(ctx); err != nil {
		return extensions.DeleteResult{}, err
	}
	return r.awaitDelete(ctx, obj, poller)
}

// awaitDelete keeps the token of an unfinished DELETE, or reports how it ended. A DELETE that
// succeeded leaves its token in place: the finalizer's removal comes next and the object goes
// with it (a retry after a failed removal resumes the finished operation). A failed one drops its
// token, so the next reconcile sends the DELETE again.
func (r *Reconciler) awaitDelete(ctx context.Context, obj genruntime.KubernetesResource, poller *genericarmclient.Poller) (extensions.DeleteResult, error) {
	if !poller.Done() {
		token, err := poller.ResumeToken()
		if err == nil {
			err = r.setAnnotations(ctx, obj, map[string]string{DeletePollerAnnotation: token, PollerAnnotation: ""})
		}
		if err != nil {
			return extensions.DeleteResult{}, err
		}
		return extensions.DeleteInProgress("The resource is being deleted from Azure"), nil
	}
	if err := poller.Result(ctx, nil); err != nil && !genericarmclient.IsNotFound(err) {
		return extensions.DeleteResult{}, r.dropDeleteToken(ctx, obj, err)
	}
	return extensions.DeleteCompleted(), nil
}

// dropDeleteToken forgets a DELETE that cannot be followed or failed, so the next reconcile
// sends it again; it returns cause, or the error of writing the annotation.
func (r *Reconciler) dropDeleteToken(ctx context.Context, obj genruntime.KubernetesResource, cause error) error {
	if err := r.setAnnotations(ctx, obj, map[string]string{DeletePollerAnnotation: ""}); err != nil {
		return err
	}
	return cause
}

// ownerDeleting reports whether obj's Kubernetes owner is gone or being deleted: its ARM ID lies
// under the owner's, so the owner's DELETE removes it in Azure and a DELETE of its own is not sent.
func (r *Reconciler) ownerDeleting(ctx context.Context, obj genruntime.KubernetesResource) (string, bool) {
	ref := obj.Owner()
	if ref == nil || ref.IsDirectARMReference() {
		return "", false
	}
	ownerKind, ok := r.kinds[ref.GroupKind()]
	if !ok {
		return "", false
	}
	owner := ownerKind.NewHub()
	err := r.kube.Get(ctx, client.ObjectKey{Namespace: obj.GetNamespace(), Name: ref.Name}, owner)
	name := ref.GroupKind().Kind + " " + ref.Name
	if err != nil {
		return name, client.IgnoreNotFound(err) == nil
	}
	return name, !owner.GetDeletionTimestamp().IsZero()
}

// beginDelete sends DELETE at the API version the object was written at. When that version is
// no longer served, the hub's API version is used: a delete must not wait for a re-apply.
func (r *Reconciler) beginDelete(ctx context.Context, armClient *genericarmclient.GenericClient, log logr.Logger, obj genruntime.KubernetesResource, id string) (*genericarmclient.Poller, error) {
	version := r.reg.originalVersion(obj)
	if _, served := r.reg.ARMVersions[version]; !served {
		log.Info("Deleting at the hub's API version", "writtenAt", version, "hubVersion", r.reg.HubAPIVersion)
		version = r.reg.HubAPIVersion
	}
	v, err := r.reg.toVersion(obj, version)
	if err != nil {
		return nil, err
	}
	return armClient.BeginDeleteByID(ctx, id, v.GetAPIVersion())
}
