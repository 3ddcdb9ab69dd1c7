package arm

import (
	"context"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// Finalizer keeps a resource in Kubernetes until it has been deleted from Azure.
const Finalizer = "serviceoperator.azure.com/finalizer"

// ensureFinalizer adds the finalizer before anything is created in Azure.
func (r *Reconciler) ensureFinalizer(ctx context.Context, obj genruntime.KubernetesResource) error {
	if !controllerutil.AddFinalizer(obj, Finalizer) {
		return nil
	}
	return errors.Wrap(r.kube.Update(ctx, obj), "adding the finalizer")
}

// delete removes the resource from Azure (the kind's Deleter, or the ARM DELETE when it was ever
// created there), then the finalizer.
func (r *Reconciler) delete(ctx context.Context, log logr.Logger, obj genruntime.KubernetesResource) (ctrl.Result, error) {
	if !controllerutil.ContainsFinalizer(obj, Finalizer) {
		return ctrl.Result{}, nil
	}
	result, err := r.checkers.delete(ctx, obj, r.opts.Resolver, r.opts.ARMClient, log)
	if err == nil {
		err = result.CreateConditionError() // blocked: kept, and tried again
	}
	if err == nil {
		err = r.deleteExportedSecrets(ctx, obj)
	}
	if err != nil {
		return r.finish(ctx, log, obj, failedWith(err))
	}
	controllerutil.RemoveFinalizer(obj, Finalizer)
	return ctrl.Result{}, errors.Wrap(r.kube.Update(ctx, obj), "removing the finalizer")
}

// deleteFromAzure sends DELETE at the API version the object was written at. When that version is
// no longer served, the hub's API version is used: a delete must not wait for a re-apply.
func (r *Reconciler) deleteFromAzure(ctx context.Context, log logr.Logger, obj genruntime.KubernetesResource, id string) error {
	version := r.reg.originalVersion(obj)
	if _, served := r.reg.ARMVersions[version]; !served {
		log.Info("Deleting at the hub's API version", "writtenAt", version, "hubVersion", r.reg.HubAPIVersion)
		version = r.reg.HubAPIVersion
	}
	v, err := r.reg.toVersion(obj, version)
	if err != nil {
		return err
	}
	return r.opts.ARMClient.DeleteByID(ctx, id, v.GetAPIVersion())
}
