package extensions

import (
	"github.com/go-logr/logr"
	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// preReconcileAction is what a pre-reconciliation check decided.
// The zero value is proceed, so the zero PreReconcileCheckResult proceeds.
type preReconcileAction int

const (
	preReconcileProceed preReconcileAction = iota
	preReconcileBlock
	preReconcilePostpone
)

// postponedMessage is the condition message of a postponed reconcile.
const postponedMessage = "Reconciliation postponed by a pre-reconciliation check"

// PreReconcileCheckResult is the decision of a pre-reconciliation check (owner or resource).
// Build it with ProceedWithReconcile, BlockReconcile or PostponeReconcile; the zero value
// proceeds.
type PreReconcileCheckResult struct {
	action   preReconcileAction
	severity conditions.ConditionSeverity
	reason   conditions.Reason
	message  string
}

// ProceedWithReconcile lets reconciliation continue.
func ProceedWithReconcile() PreReconcileCheckResult {
	return PreReconcileCheckResult{action: preReconcileProceed}
}

// BlockReconcile stops this reconciliation attempt: no request is sent to Azure, the Ready
// condition shows reason (a message for the user) with severity Warning and reason
// ReconciliationBlocked, and the resource is retried later.
func BlockReconcile(reason string) PreReconcileCheckResult {
	return PreReconcileCheckResult{
		action:   preReconcileBlock,
		severity: conditions.SeverityWarning,
		reason:   conditions.ReasonReconciliationBlocked,
		message:  reason,
	}
}

// PostponeReconcile skips this reconciliation attempt because nothing needs doing yet. Unlike a
// block it describes no problem: the Ready condition shows severity Info and reason
// ReconciliationPostponed, and the resource is retried later.
func PostponeReconcile() PreReconcileCheckResult {
	return PreReconcileCheckResult{
		action:   preReconcilePostpone,
		severity: conditions.SeverityInfo,
		reason:   conditions.ReasonReconciliationPostponed,
		message:  postponedMessage,
	}
}

// ShouldProceed reports whether reconciliation should continue.
func (r PreReconcileCheckResult) ShouldProceed() bool {
	return r.action == preReconcileProceed
}

// ShouldBlock reports whether the check blocked reconciliation.
func (r PreReconcileCheckResult) ShouldBlock() bool {
	return r.action == preReconcileBlock
}

// ShouldPostpone reports whether the check postponed reconciliation.
func (r PreReconcileCheckResult) ShouldPostpone() bool {
	return r.action == preReconcilePostpone
}

// Message returns the message for the user; empty when proceeding.
func (r PreReconcileCheckResult) Message() string {
	return r.message
}

// String describes the decision, for logs.
func (r PreReconcileCheckResult) String() string {
	switch r.action {
	case preReconcileBlock:
		return "Blocked: " + r.message
	case preReconcilePostpone:
		return "Postponed: " + r.message
	default:
		return "Proceed"
	}
}

// CreateConditionError returns the error the reconciler shows on the Ready condition:
// nil when proceeding; a ReadyConditionImpactingError with severity Warning and reason
// ReconciliationBlocked when blocked; one with severity Info and reason ReconciliationPostponed
// when postponed.
func (r PreReconcileCheckResult) CreateConditionError() error {
	if r.action == preReconcileProceed {
		return nil
	}

	return conditions.NewReadyConditionImpactingError(errors.New(r.message), r.severity, r.reason)
}

// Names of the checks, used in log entries and error messages.
const (
	ownerCheckName    = "PreReconcileOwnerCheck"
	resourceCheckName = "PreReconcileCheck"
	postCheckName     = "PostReconcileCheck"
)

// decidePre logs a pre-reconciliation decision and turns an error into a block.
// Proceeding is logged at V(1), as it happens on every reconcile; blocking and postponing are
// logged at Info; an error is logged with log.Error.
func decidePre(log logr.Logger, check string, result PreReconcileCheckResult, err error) (PreReconcileCheckResult, error) {
	if err != nil {
		err = errors.Wrapf(err, "%s failed", check)
		log.Error(err, "Blocking reconciliation: the check returned an error", "check", check)
		return BlockReconcile(err.Error()), err
	}

	if result.ShouldProceed() {
		log.V(1).Info("Proceeding with reconciliation", "check", check)
		return result, nil
	}

	log.Info("Not reconciling now", "check", check, "result", result.String())
	return result, nil
}
