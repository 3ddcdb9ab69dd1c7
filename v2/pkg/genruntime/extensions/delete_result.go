package extensions

import (
	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// ReasonDeletionBlocked is the reason of the Ready condition while a Deleter blocks deletion.
var ReasonDeletionBlocked = conditions.MakeReason("DeletionBlocked", conditions.RetrySlow)

// DeleteResult is what a deletion decided. The zero value is DeleteCompleted, which is what an
// extension returns beside an error.
type DeleteResult struct {
	blocked    bool
	inProgress bool
	message    string
}

// DeleteCompleted says the object may be removed from Kubernetes: the resource is gone from
// Azure, or is deliberately left there.
func DeleteCompleted() DeleteResult {
	return DeleteResult{}
}

// BlockDelete keeps the object (and its finalizer) and tries again later; message says what the
// deletion waits for and is shown on the Ready condition as a Warning, reason DeletionBlocked.
func BlockDelete(message string) DeleteResult {
	return DeleteResult{blocked: true, message: message}
}

// DeleteInProgress keeps the object while Azure deletes the resource; the reconciler comes back
// at its poll interval, without holding a worker meanwhile. message is shown on the Ready
// condition (Info, reason Deleting).
func DeleteInProgress(message string) DeleteResult {
	return DeleteResult{inProgress: true, message: message}
}

// Completed reports whether the object may be removed.
func (r DeleteResult) Completed() bool {
	return !r.blocked && !r.inProgress
}

// InProgress reports whether Azure is still deleting the resource.
func (r DeleteResult) InProgress() bool {
	return r.inProgress
}

// Message is the reason given to BlockDelete; empty when completed.
func (r DeleteResult) Message() string {
	return r.message
}

// String describes the result, for logs.
func (r DeleteResult) String() string {
	switch {
	case r.blocked:
		return "Blocked: " + r.message
	case r.inProgress:
		return "InProgress: " + r.message
	}
	return "Completed"
}

// CreateConditionError returns the error the reconciler shows on the Ready condition: nil when
// completed or in progress, a Warning with reason DeletionBlocked when blocked.
func (r DeleteResult) CreateConditionError() error {
	if !r.blocked {
		return nil
	}

	return conditions.NewReadyConditionImpactingError(errors.New(r.message), conditions.SeverityWarning, ReasonDeletionBlocked)
}
