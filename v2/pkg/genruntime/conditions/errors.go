package conditions

import (
	"errors"

	pkgerrors "github.com/pkg/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ReadyConditionImpactingError is an error that should be shown on the Ready condition with the
// given severity and reason. The message on the condition is the cause's message.
type ReadyConditionImpactingError struct {
	Severity ConditionSeverity
	Reason   Reason
	cause    error
}

var (
	_ error                      = &ReadyConditionImpactingError{}
	_ interface{ Cause() error } = &ReadyConditionImpactingError{}
)

// NewReadyConditionImpactingError wraps cause so that the reconciler shows it on the Ready
// condition with the given severity and reason.
func NewReadyConditionImpactingError(cause error, severity ConditionSeverity, reason Reason) *ReadyConditionImpactingError {
	return &ReadyConditionImpactingError{
		Severity: severity,
		Reason:   reason,
		cause:    cause,
	}
}

// Error returns the cause's message, or the reason's name when there is no cause.
func (e *ReadyConditionImpactingError) Error() string {
	if e.cause == nil {
		return e.Reason.Name
	}

	return e.cause.Error()
}

// Unwrap returns the cause, for errors.Is and errors.As.
func (e *ReadyConditionImpactingError) Unwrap() error {
	return e.cause
}

// Cause returns the cause, for github.com/pkg/errors.Cause.
func (e *ReadyConditionImpactingError) Cause() error {
	return e.cause
}

// RetryClassification returns the retry classification of the error's reason.
func (e *ReadyConditionImpactingError) RetryClassification() RetryClassification {
	return e.Reason.RetryClassification
}

// AsReadyConditionImpactingError finds a ReadyConditionImpactingError in err's chain, following
// both Unwrap (the standard library, fmt.Errorf with %w) and Cause (github.com/pkg/errors).
// The outermost one found wins.
func AsReadyConditionImpactingError(err error) (*ReadyConditionImpactingError, bool) {
	for err != nil {
		var target *ReadyConditionImpactingError
		if errors.As(err, &target) {
			return target, true
		}

		err = nextCause(err)
	}

	return nil, false
}

// nextCause steps once through a pkg/errors causer that does not implement Unwrap.
func nextCause(err error) error {
	causer, ok := err.(interface{ Cause() error })
	if !ok {
		return nil
	}

	cause := causer.Cause()
	if cause == err {
		return nil
	}

	return cause
}

// WrapWithReason is a shorthand for wrapping err with a message and making it Ready-impacting.
func WrapWithReason(err error, message string, severity ConditionSeverity, reason Reason) *ReadyConditionImpactingError {
	return NewReadyConditionImpactingError(pkgerrors.Wrap(err, message), severity, reason)
}

// ReadyTrue is the Ready condition of a resource that is fully reconciled.
func ReadyTrue(generation int64, now metav1.Time) Condition {
	return Condition{
		Type:               ConditionTypeReady,
		Status:             metav1.ConditionTrue,
		Severity:           SeverityNone,
		LastTransitionTime: now,
		ObservedGeneration: generation,
		Reason:             ReasonSucceeded.Name,
	}
}

// ReadyReconciling is the Ready condition of a resource whose create or update is in progress:
// status Unknown, severity Info, reason Reconciling.
func ReadyReconciling(generation int64, now metav1.Time) Condition {
	return Condition{
		Type:               ConditionTypeReady,
		Status:             metav1.ConditionUnknown,
		Severity:           SeverityInfo,
		LastTransitionTime: now,
		ObservedGeneration: generation,
		Reason:             ReasonReconciling.Name,
		Message:            "The resource is being reconciled",
	}
}

// ReadyFalse is a Ready condition with status False and the given severity, reason and message.
func ReadyFalse(generation int64, now metav1.Time, severity ConditionSeverity, reason Reason, message string) Condition {
	return Condition{
		Type:               ConditionTypeReady,
		Status:             metav1.ConditionFalse,
		Severity:           severity,
		LastTransitionTime: now,
		ObservedGeneration: generation,
		Reason:             reason.Name,
		Message:            message,
	}
}

// ReadyFromError is the Ready condition describing err.
// A ReadyConditionImpactingError anywhere in err's chain supplies severity and reason; the
// message is always err's full message, so context added by wrapping is kept.
// Any other error is shown as Warning with reason Failed, so the user always sees something.
// Info-severity errors (such as a postponed reconcile) produce status Unknown rather than False,
// as they describe progress rather than a problem.
func ReadyFromError(generation int64, now metav1.Time, err error) Condition {
	severity, reason := ClassifyError(err)
	cond := ReadyFalse(generation, now, severity, reason, err.Error())
	if severity == SeverityInfo {
		cond.Status = metav1.ConditionUnknown
	}

	return cond
}

// ClassifyError returns the severity and reason the Ready condition should show for err:
// those of a ReadyConditionImpactingError in its chain, else Warning and ReasonFailed.
func ClassifyError(err error) (ConditionSeverity, Reason) {
	if impacting, ok := AsReadyConditionImpactingError(err); ok {
		return impacting.Severity, impacting.Reason
	}

	return SeverityWarning, ReasonFailed
}
