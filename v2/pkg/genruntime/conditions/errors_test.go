package conditions

import (
	"errors"
	"fmt"
	"testing"

	pkgerrors "github.com/pkg/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// causer wraps an error exposing only Cause, like old pkg/errors wrappers.
type causer struct{ cause error }

func (c causer) Error() string { return "causer: " + c.cause.Error() }
func (c causer) Cause() error  { return c.cause }

func TestAsReadyConditionImpactingError(t *testing.T) {
	base := errors.New("owner missing")
	impacting := NewReadyConditionImpactingError(base, SeverityWarning, ReasonWaitingForOwner)
	cases := []struct {
		name  string
		err   error
		found bool
	}{
		{"nil", nil, false},
		{"plain", base, false},
		{"direct", impacting, true},
		{"fmt %w", fmt.Errorf("ctx: %w", impacting), true},
		{"pkg/errors Wrap", pkgerrors.Wrap(impacting, "ctx"), true},
		{"pkg/errors WithStack twice", pkgerrors.WithStack(pkgerrors.WithMessage(impacting, "m")), true},
		{"Cause-only wrapper", causer{cause: impacting}, true},
		{"Cause-only wrapper of plain", causer{cause: base}, false},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := AsReadyConditionImpactingError(c.err)
			if ok != c.found || (ok && got != impacting) {
				t.Errorf("AsReadyConditionImpactingError = %v, %v; want found=%v", got, ok, c.found)
			}
		})
	}
}

func TestReadyConditionImpactingErrorUnwraps(t *testing.T) {
	base := errors.New("boom")
	err := NewReadyConditionImpactingError(base, SeverityError, ReasonFailed)
	if err.Error() != "boom" || !errors.Is(err, base) || pkgerrors.Cause(err) != base {
		t.Errorf("error %q does not expose its cause", err)
	}

	if err.RetryClassification() != RetrySlow {
		t.Errorf("RetryClassification = %s", err.RetryClassification())
	}

	if got := NewReadyConditionImpactingError(nil, SeverityInfo, ReasonReconciling).Error(); got != "Reconciling" {
		t.Errorf("nil cause renders %q", got)
	}
}

func TestReadyFromError(t *testing.T) {
	now := metav1.Now()
	cases := []struct {
		name         string
		err          error
		wantStatus   metav1.ConditionStatus
		wantSeverity ConditionSeverity
		wantReason   string
		wantMessage  string
	}{
		{"plain error is a warning", errors.New("x"), metav1.ConditionFalse, SeverityWarning, "Failed", "x"},
		{"impacting error", NewReadyConditionImpactingError(errors.New("quota"), SeverityError, MakeReason("QuotaExceeded", RetryNone)),
			metav1.ConditionFalse, SeverityError, "QuotaExceeded", "quota"},
		{"wrapped keeps context", pkgerrors.Wrap(NewReadyConditionImpactingError(errors.New("gone"), SeverityWarning, ReasonWaitingForOwner), "resolving"),
			metav1.ConditionFalse, SeverityWarning, "WaitingForOwner", "resolving: gone"},
		{"info is unknown", NewReadyConditionImpactingError(errors.New("later"), SeverityInfo, ReasonReconciliationPostponed),
			metav1.ConditionUnknown, SeverityInfo, "ReconciliationPostponed", "later"},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ReadyFromError(4, now, c.err)
			if got.Status != c.wantStatus || got.Severity != c.wantSeverity || got.Reason != c.wantReason ||
				got.Message != c.wantMessage || got.ObservedGeneration != 4 {
				t.Errorf("got %s", got)
			}
		})
	}
}

func TestReasonsRetryClassification(t *testing.T) {
	cases := []struct {
		reason Reason
		name   string
		retry  RetryClassification
	}{
		{ReasonReconciling, "Reconciling", RetryFast},
		{ReasonSucceeded, "Succeeded", RetryNone},
		{ReasonReconciliationBlocked, "ReconciliationBlocked", RetrySlow},
		{ReasonReconciliationPostponed, "ReconciliationPostponed", RetrySlow},
		{ReasonPostReconciliationFailure, "PostReconciliationFailure", RetrySlow},
		{ReasonFailed, "Failed", RetrySlow},
		{ReasonWaitingForOwner, "WaitingForOwner", RetryFast},
		{ReasonReferenceNotFound, "ReferenceNotFound", RetrySlow},
		{MakeReason("BadRequest", RetryNone), "BadRequest", RetryNone},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.reason.Name != c.name || c.reason.String() != c.name || c.reason.RetryClassification != c.retry {
				t.Errorf("reason %+v; want %s/%s", c.reason, c.name, c.retry)
			}
		})
	}
}
