package extensions

import (
	"github.com/go-logr/logr"
	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// postReconcileAction is what a post-reconciliation check decided.
// The zero value is success, so the zero PostReconcileCheckResult succeeds.
type postReconcileAction int

const (
	postReconcileSuccess postReconcileAction = iota
	postReconcileFailure
)

// PostReconcileCheckResult is the decision of a post-reconciliation check.
// Build it with PostReconcileCheckResultSuccess or PostReconcileCheckResultFailure; the zero
// value succeeds.
type PostReconcileCheckResult struct {
	action   postReconcileAction
	severity conditions.ConditionSeverity
	reason   conditions.Reason
	message  string
}

// PostReconcileCheckResultSuccess says the resource is ready: the reconciler marks it Ready.
func PostReconcileCheckResultSuccess() PostReconcileCheckResult {
	return PostReconcileCheckResult{action: postReconcileSuccess}
}

// PostReconcileCheckResultFailure says the resource is not ready yet: the Ready condition shows
// reason (a message for the user) with severity Warning and reason PostReconciliationFailure,
// and the resource is checked again later.
func PostReconcileCheckResultFailure(reason string) PostReconcileCheckResult {
	return PostReconcileCheckResult{
		action:   postReconcileFailure,
		severity: conditions.SeverityWarning,
		reason:   conditions.ReasonPostReconciliationFailure,
		message:  reason,
	}
}

// Success reports whether the check passed.
func (r PostReconcileCheckResult) Success() bool {
	return r.action == postReconcileSuccess
}

// Failure reports whether the check failed.
func (r PostReconcileCheckResult) Failure() bool {
	return r.action == postReconcileFailure
}

// Message returns the message for the user; empty on success.
func (r PostReconcileCheckResult) Message() string {
	return r.message
}

// String describes the decision, for logs.
func (r PostReconcileCheckResult) String() string {
	if r.action == postReconcileFailure {
		return "Failure: " + r.message
	}

	return "Success"
}

// CreateConditionError returns the error the reconciler shows on the Ready condition: nil on
// success; a ReadyConditionImpactingError with severity Warning and reason
// PostReconciliationFailure on failure.
func (r PostReconcileCheckResult) CreateConditionError() error {
	if r.action == postReconcileSuccess {
		return nil
	}

	return conditions.NewReadyConditionImpactingError(errors.New(r.message), r.severity, r.reason)
}

// decidePost logs a post-reconciliation decision and turns an error into a failure.
// Success is logged at V(1); failure at Info; an error with log.Error.
func decidePost(log logr.Logger, result PostReconcileCheckResult, err error) (PostReconcileCheckResult, error) {
	if err != nil {
		err = errors.Wrapf(err, "%s failed", postCheckName)
		log.Error(err, "Resource not ready: the check returned an error", "check", postCheckName)
		return PostReconcileCheckResultFailure(err.Error()), err
	}

	if result.Success() {
		log.V(1).Info("Post-reconciliation check succeeded", "check", postCheckName)
		return result, nil
	}

	log.Info("Resource not ready", "check", postCheckName, "result", result.String())
	return result, nil
}
