package arm

import (
	"context"
	"time"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// Reconciler reconciles one kind: its hub objects in Kubernetes against ARM.
type Reconciler struct {
	kube     client.Client
	reg      kind
	kinds    registry
	opts     Options
	backoff  *backoff
	log      logr.Logger
	checkers checkers
	now      func() time.Time
}

var _ reconcile.Reconciler = &Reconciler{}

// Reconcile runs the flow of the seeds for one object and writes its Ready condition.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := r.reg.NewHub()
	if err := r.kube.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	log := r.log.WithValues("name", req.Name, "namespace", req.Namespace, "azureName", obj.AzureName())
	if !obj.GetDeletionTimestamp().IsZero() {
		return r.delete(ctx, log, obj)
	}
	if err := r.ensureFinalizer(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	run := &reconcileRun{Reconciler: r, obj: obj, log: log}
	result := run.reconcile(ctx)
	return r.finish(ctx, log, obj, result)
}

// finish writes the Ready condition and decides when to reconcile again.
func (r *Reconciler) finish(ctx context.Context, log logr.Logger, obj genruntime.KubernetesResource, o outcome) (ctrl.Result, error) {
	o = r.classify(obj, log, o)
	if o.err != nil {
		log.Error(o.err, "Reconcile failed", "reason", o.reason.Name, "severity", o.severity)
	} else {
		log.V(1).Info("Reconcile finished", "reason", o.reason.Name, "status", o.status)
	}
	conditions.SetCondition(obj, o.condition(obj.GetGeneration(), metav1.NewTime(r.now())))
	if err := r.kube.Status().Update(ctx, obj); err != nil {
		if apierrors.IsConflict(err) {
			return ctrl.Result{RequeueAfter: r.opts.BackoffBase}, nil
		}
		return ctrl.Result{}, errors.Wrap(err, "updating status")
	}
	return r.requeue(client.ObjectKeyFromObject(obj), o), nil
}

// requeue turns the outcome's retry into a controller-runtime result.
func (r *Reconciler) requeue(key types.NamespacedName, o outcome) ctrl.Result {
	switch o.retry {
	case retryBackoff:
		return ctrl.Result{RequeueAfter: r.backoff.next(key)}
	case retryAfter:
		return ctrl.Result{RequeueAfter: o.after}
	case retryNever:
		r.backoff.reset(key)
		return ctrl.Result{}
	default:
		r.backoff.reset(key)
		return ctrl.Result{RequeueAfter: r.opts.ResyncPeriod}
	}
}
