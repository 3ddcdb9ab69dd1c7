package arm

import (
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/go-logr/logr"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
)

// retryKind says when a resource is reconciled again.
type retryKind int

const (
	retryResync  retryKind = iota // success: check again after the resync period
	retryBackoff                  // Warning: exponential backoff
	retryAfter                    // a fixed delay (Retry-After)
	retrySlow                     // Error: a long capped backoff; a spec change retries at once
	retryPoll                     // an operation in progress: polled soon, then less often
)

// outcome is how one reconcile ends: the Ready condition to write and when to come back.
type outcome struct {
	severity conditions.ConditionSeverity
	reason   conditions.Reason
	message  string
	status   metav1.ConditionStatus
	retry    retryKind
	after    time.Duration
	err      error // logged in full when set
	// generation is the generation the condition describes (the one whose PUT Azure holds when
	// Ready); 0 means the object's current generation.
	generation int64
}

// succeeded is the outcome of a resource that is Ready.
func succeeded() outcome {
	return outcome{status: metav1.ConditionTrue, reason: conditions.ReasonSucceeded, retry: retryResync}
}

// inProgress is the outcome while a long-running operation has not finished: polled again after
// PollInterval/8, doubling up to PollInterval (most operations end in seconds; long ones are not
// polled more often than PollInterval).
func inProgress() outcome {
	return outcome{
		status: metav1.ConditionUnknown, severity: conditions.SeverityInfo, reason: conditions.ReasonReconciling,
		message: "The resource is being reconciled", retry: retryPoll,
	}
}

// failedWith describes err: an ARM error by its status and code, a ReadyConditionImpactingError
// by its severity and reason, anything else as a Warning.
func failedWith(err error) outcome {
	if _, ok := genericarmclient.AsResponseError(err); ok {
		return armFailure(err)
	}
	severity, reason := conditions.ClassifyError(err)
	o := outcome{severity: severity, reason: reason, message: err.Error(), err: err, status: metav1.ConditionFalse}
	o.retry = retryFor(severity)
	if severity == conditions.SeverityInfo {
		o.status = metav1.ConditionUnknown
	}
	return o
}

// armFailure classifies an ARM error with the reconciler's table (errorclass.go): errors the
// user must fix are Errors retried slowly; missing dependencies and transient faults are
// Warnings retried with backoff.
func armFailure(err error) outcome {
	cloudError, _ := genericarmclient.AsResponseError(err)
	details, _ := defaultClassification(cloudError, nil, "", logr.Discard())
	details.Message = err.Error()
	return classified(err, details)
}

// classified is the outcome of an ARM error classified as details: retryable errors are Warnings
// retried with backoff (honouring Retry-After), fatal ones Errors waiting for a spec change.
func classified(err error, details extensions.CloudErrorDetails) outcome {
	severity := conditions.SeverityWarning
	if !details.Retryable() {
		severity = conditions.SeverityError
	}
	o := outcome{
		severity: severity, reason: conditions.MakeReason(details.Code, retryClass(severity)),
		message: details.Message, err: err, status: metav1.ConditionFalse, retry: retryFor(severity),
	}
	if wait, ok := genericarmclient.RetryAfter(err); ok && severity == conditions.SeverityWarning {
		o.retry, o.after = retryAfter, wait
	}
	return o
}

func retryFor(severity conditions.ConditionSeverity) retryKind {
	if severity == conditions.SeverityError {
		return retrySlow
	}
	return retryBackoff
}

func retryClass(severity conditions.ConditionSeverity) conditions.RetryClassification {
	if severity == conditions.SeverityError {
		return conditions.RetrySlow
	}
	return conditions.RetryFast
}

// condition renders the outcome as the Ready condition.
func (o outcome) condition(generation int64, now metav1.Time) conditions.Condition {
	return conditions.Condition{
		Type:               conditions.ConditionTypeReady,
		Status:             o.status,
		Severity:           o.severity,
		LastTransitionTime: now,
		ObservedGeneration: generation,
		Reason:             o.reason.Name,
		Message:            o.message,
	}
}
