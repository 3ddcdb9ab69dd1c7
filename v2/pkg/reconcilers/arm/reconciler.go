package arm

import (
	"context"
	"encoding/json"
	"time"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
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
	slow     *backoff // Error outcomes: the user must act, so retries are rare
	polls    *backoff // operations in progress: the first poll soon, later ones up to PollInterval
	log      logr.Logger
	recorder record.EventRecorder
	checkers checkers
	now      func() time.Time
	written  *ownWrites // the resourceVersion of the operator's last write to each object
}

var _ reconcile.Reconciler = &Reconciler{}

// Reconcile runs the flow of the seeds for one object and writes its Ready condition. It is
// bounded by the reconcile timeout: a hung call fails this object's reconcile, which is retried.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, r.opts.ReconcileTimeout)
	defer cancel()
	obj := r.reg.NewHub()
	if err := r.kube.Get(ctx, req.NamespacedName, obj); err != nil {
		if apierrors.IsNotFound(err) {
			r.written.forget(req.NamespacedName)
		}
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if r.written.behind(req.NamespacedName, obj) {
		r.log.V(1).Info("Waiting for the cache to see the operator's last write", "name", req.Name, "namespace", req.Namespace)
		return ctrl.Result{RequeueAfter: cacheCatchUp}, nil
	}
	defer r.written.record(req.NamespacedName, obj)
	log := r.log.WithValues("name", req.Name, "namespace", req.Namespace, "azureName", obj.AzureName())
	start := obj.DeepCopyObject().(genruntime.KubernetesResource)
	run := &reconcileRun{Reconciler: r, obj: obj, log: log}
	if err := run.prepare(ctx); err != nil {
		return r.finish(ctx, run, start, failedWith(err))
	}
	if !obj.GetDeletionTimestamp().IsZero() {
		return run.delete(ctx, start)
	}
	return r.finish(ctx, run, start, run.reconcile(ctx))
}

// prepare reads the object's reconcile policy and picks the ARM client of the credential that
// governs it. A deletion that leaves the resource in Azure needs no credential.
func (run *reconcileRun) prepare(ctx context.Context) error {
	policy, err := run.policyOf(ctx, run.obj)
	if err != nil {
		return err
	}
	run.policy = policy
	err = run.useCredential(ctx)
	if err != nil && !run.obj.GetDeletionTimestamp().IsZero() && policy != PolicyManage {
		return nil
	}
	return err
}

// finish writes the Ready condition (a status patch: nothing else of the object is sent), records
// Events and logs, and decides when to reconcile again.
func (r *Reconciler) finish(ctx context.Context, run *reconcileRun, start genruntime.KubernetesResource, o outcome) (ctrl.Result, error) {
	obj := run.obj
	o = r.classify(obj, run.log, o)
	logOutcome(run.log, o)
	key := client.ObjectKeyFromObject(obj)
	if r.shortWait(start, obj, key, o) {
		return r.requeue(key, obj.GetGeneration(), o), nil
	}
	before, _ := conditions.GetCondition(start, conditions.ConditionTypeReady)
	generation := o.generation
	if generation == 0 {
		generation = obj.GetGeneration()
	}
	after := o.condition(generation, metav1.NewTime(r.now()))
	conditions.SetCondition(obj, after)
	after, _ = conditions.GetCondition(obj, conditions.ConditionTypeReady)
	r.readyEvent(obj, before, after, isARMError(o.err))
	if err := r.writeStatus(ctx, obj, start); err != nil {
		if client.IgnoreNotFound(err) == nil {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, errors.Wrap(err, "writing the status")
	}
	return r.requeue(key, obj.GetGeneration(), o), nil
}

// shortWait reports a wait whose condition is not worth writing, because most such waits end by
// the next poll or retry (a second or a few), which writes the condition if the wait lasts:
//   - the reconcile that sent a DELETE (and wrote its token): most deletions finish at the first
//     poll, whose reconcile removes the finalizer, so a Deleting status would vanish with the
//     object;
//   - the first wait of an object that has no Ready condition yet: its first operation in
//     progress, or its owner not Ready yet.
//
// An object that has a Ready condition shows any other new wait at once.
func (r *Reconciler) shortWait(start, obj genruntime.KubernetesResource, key types.NamespacedName, o outcome) bool {
	if o.reason.Name == reasonDeleting.Name {
		return start.GetAnnotations()[DeletePollerAnnotation] == "" && obj.GetAnnotations()[DeletePollerAnnotation] != ""
	}
	if _, reported := conditions.GetCondition(start, conditions.ConditionTypeReady); reported {
		return false
	}
	switch {
	case o.retry == retryPoll:
		return r.polls.count(key) == 0
	case o.reason.Name == conditions.ReasonWaitingForOwner.Name:
		return r.backoff.count(key) == 0
	}
	return false
}

// writeStatus patches the status when it differs from what the reconcile started with: a poll
// of an operation still running, or a resync that changed nothing, writes nothing.
func (r *Reconciler) writeStatus(ctx context.Context, obj, start client.Object) error {
	patch := client.MergeFrom(start)
	data, err := patch.Data(obj)
	if err != nil {
		return err
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(data, &fields) == nil && fields["status"] == nil {
		return nil
	}
	return r.kube.Status().Patch(ctx, obj, patch)
}

func isARMError(err error) bool {
	_, ok := genericarmclient.AsResponseError(err)
	return ok
}

// logOutcome logs a reconcile's end: waiting for something (an owner, a reference, a secret, an
// operation, a check) is information; failures are errors.
func logOutcome(log logr.Logger, o outcome) {
	switch {
	case o.err == nil:
		log.V(1).Info("Reconcile finished", "reason", o.reason.Name, "status", o.status)
	case waiting(o):
		log.Info("Waiting", "reason", o.reason.Name, "message", o.message)
	default:
		log.Error(o.err, "Reconcile failed", "reason", o.reason.Name, "severity", o.severity)
	}
}

// waiting reports an outcome that is normal waiting rather than a failure: a condition the
// runtime raised with Info or Warning severity (owner, reference or secret missing, a check
// blocking or postponing, another object managing the resource), not an ARM or unexpected error.
func waiting(o outcome) bool {
	if o.severity == conditions.SeverityError || isARMError(o.err) {
		return false
	}
	_, ok := conditions.AsReadyConditionImpactingError(o.err)
	return ok
}

// requeue turns the outcome's retry into a controller-runtime result. Each retry kind keeps its
// own count per object; the others are reset.
func (r *Reconciler) requeue(key types.NamespacedName, generation int64, o outcome) ctrl.Result {
	counts := map[retryKind]*backoff{retryBackoff: r.backoff, retrySlow: r.slow, retryPoll: r.polls}
	for kind, b := range counts {
		if kind != o.retry {
			b.reset(key)
		}
	}
	switch o.retry {
	case retryBackoff, retrySlow, retryPoll:
		return ctrl.Result{RequeueAfter: counts[o.retry].next(key, generation)}
	case retryAfter:
		return ctrl.Result{RequeueAfter: o.after}
	default:
		return ctrl.Result{RequeueAfter: r.opts.ResyncPeriod}
	}
}
