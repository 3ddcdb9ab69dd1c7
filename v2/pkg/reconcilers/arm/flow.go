package arm

import (
	"context"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// reconcileRun holds what one reconcile of one object learns as it goes.
type reconcileRun struct {
	*Reconciler
	obj     genruntime.KubernetesResource
	log     logr.Logger
	arm     *genericarmclient.GenericClient // the client of the credential that governs obj
	owner   genruntime.KubernetesResource   // nil when the owner is the subscription or an ARM ID
	policy  ReconcilePolicy
	ownerID string
	armObj  ARMVersion
	id      string
	// body is the PUT body the spec asks for now (references and secrets resolved), and
	// bodyHash its hash; last is what the operator recorded of its last PUT.
	body     any
	bodyHash string
	last     applied
	// azureBody is the resource as Azure returned it in this reconcile (an operation's final
	// response or a GET), when it did; finished says an operation finished in this reconcile.
	azureBody []byte
	finished  bool
	missing   bool // a GET in this reconcile found no resource in Azure
}

// step is one stage of the flow; done means the flow ends with the returned outcome.
type step func(ctx context.Context) (o outcome, done bool)

// reconcile runs the seeds' flow: resolve the owner → claim the resource → follow an operation
// still running → build the PUT body → owner check (after refreshing the owner from ARM) → GET →
// pre-check → PUT when the body, its inputs or Azure changed, and follow the operation → status
// → post-check → Ready.
func (run *reconcileRun) reconcile(ctx context.Context) outcome {
	run.last = appliedOf(run.obj)
	steps := []step{run.resolveOwner, run.claim, run.followOperation, run.desire, run.finishedAsSent,
		run.checkOwner, run.checkBefore, run.upToDate, run.put}
	if run.policy == PolicySkip {
		steps = []step{run.resolveOwner, run.claim, run.observe}
	}
	for _, s := range steps {
		if o, done := s(ctx); done {
			return o
		}
	}
	return run.finishAfterOperation(ctx)
}

// resolveOwner finds the owner in Kubernetes (or the subscription) and computes the ARM ID. An
// owner in Kubernetes must be Ready: until then nothing is sent to Azure (Warning, WaitingForOwner).
func (run *reconcileRun) resolveOwner(ctx context.Context) (outcome, bool) {
	owner, ownerID, err := run.opts.Resolver.ResolveOwnerIn(ctx, run.obj, run.arm.SubscriptionID())
	if err != nil {
		return failedWith(err), true
	}
	if owner != nil && !available(owner) { // reconciled again when it becomes Ready (dependents.go)
		return failedWith(conditions.NewReadyConditionImpactingError(
			errors.Errorf("owner %s is not Ready yet", run.obj.Owner()), conditions.SeverityWarning, conditions.ReasonWaitingForOwner)), true
	}
	armObj, err := run.reg.toARMVersion(run.obj)
	if err != nil {
		return failedWith(err), true
	}
	run.owner, run.ownerID, run.armObj = owner, ownerID, armObj
	run.id = armObj.ARMIDFromOwner(ownerID)
	return outcome{}, false
}

// desire builds the PUT body the object asks for now: the spec converted for ARM at its API
// version with its references and secrets resolved. Its hash is compared with what was sent.
func (run *reconcileRun) desire(ctx context.Context) (outcome, bool) {
	refs, err := run.resolve(ctx)
	if err != nil {
		return failedWith(err), true
	}
	body, err := run.armObj.SpecToARM(refs)
	if err != nil {
		return failedWith(errors.Wrap(err, "converting the spec for ARM")), true
	}
	run.body, run.bodyHash = body, hashJSON(body)
	return outcome{}, false
}

// finishedAsSent ends the flow without checks or PUT when an operation finished in this
// reconcile and carried exactly the body the object asks for now. When the object or its inputs
// moved on while the operation ran, the flow goes on to PUT again.
func (run *reconcileRun) finishedAsSent(ctx context.Context) (outcome, bool) {
	if !run.finished || run.last.Body != run.bodyHash {
		return outcome{}, false
	}
	return run.finishAfterOperation(ctx), true
}

// checkOwner refreshes the owner from ARM and asks the owner checker, when one is configured
// and there is an owner. A blocked check ends the flow before any request for the resource.
func (run *reconcileRun) checkOwner(ctx context.Context) (outcome, bool) {
	check, implemented := run.checkers.owner, run.checkers.hasOwner
	if !implemented || run.owner == nil {
		return outcome{}, false
	}
	if err := run.refreshOwner(ctx); err != nil {
		return failedWith(errors.Wrap(err, "refreshing the owner from Azure")), true
	}
	result, err := check(ctx, run.owner, run.opts.Resolver, run.arm, run.log)
	if err != nil {
		return checkError("PreReconcileOwnerCheck", err), true
	}
	return preCheckOutcome(result)
}

// checkBefore GETs the resource and asks the pre-reconciliation checker, when one is configured.
func (run *reconcileRun) checkBefore(ctx context.Context) (outcome, bool) {
	if !run.checkers.hasPre {
		return outcome{}, false
	}
	if err := run.refreshStatus(ctx); err != nil {
		return failedWith(err), true
	}
	result, err := run.checkers.pre(ctx, run.obj, run.owner, run.opts.Resolver, run.arm, run.log)
	if err != nil {
		return checkError("PreReconcileCheck", err), true
	}
	return preCheckOutcome(result)
}

// finishAfterOperation takes the final status and asks the post-reconciliation checker.
func (run *reconcileRun) finishAfterOperation(ctx context.Context) outcome {
	if err := run.statusAfterOperation(ctx); err != nil {
		return failedWith(err)
	}
	result, err := run.checkers.post(ctx, run.obj, run.owner, run.opts.Resolver, run.arm, run.log)
	if err != nil {
		return checkError("PostReconcileCheck", err)
	}
	if result.Failure() {
		return failedWith(result.CreateConditionError())
	}
	if err := run.handleCreation(ctx); err != nil {
		return checkError("Success", err)
	}
	if err := run.export(ctx); err != nil {
		return failedWith(err)
	}
	return succeeded()
}

// preCheckOutcome ends the flow when a pre-check blocked or postponed the reconcile.
func preCheckOutcome(result interface {
	ShouldProceed() bool
	CreateConditionError() error
}) (outcome, bool) {
	if result.ShouldProceed() {
		return outcome{}, false
	}
	return failedWith(result.CreateConditionError()), true
}

// checkError is the outcome of an extension that returned an error: a Warning naming the check.
func checkError(check string, err error) outcome {
	wrapped := errors.Wrapf(err, "%s failed", check)
	return outcome{
		severity: conditions.SeverityWarning, reason: conditions.ReasonFailed, message: wrapped.Error(),
		status: metav1.ConditionFalse, retry: retryBackoff, err: wrapped,
	}
}
