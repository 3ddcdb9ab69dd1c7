package extensions

import (
	"testing"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

func TestPreReconcileCheckResultFactories(t *testing.T) {
	cases := []struct {
		name         string
		result       PreReconcileCheckResult
		proceed      bool
		block        bool
		postpone     bool
		message      string
		wantErr      bool
		wantSeverity conditions.ConditionSeverity
		wantReason   conditions.Reason
	}{
		{"proceed", ProceedWithReconcile(), true, false, false, "", false, "", conditions.Reason{}},
		{"zero value proceeds", PreReconcileCheckResult{}, true, false, false, "", false, "", conditions.Reason{}},
		{"block", BlockReconcile("owner is updating"), false, true, false, "owner is updating", true,
			conditions.SeverityWarning, conditions.ReasonReconciliationBlocked},
		{"postpone", PostponeReconcile(), false, false, true, postponedMessage, true,
			conditions.SeverityInfo, conditions.ReasonReconciliationPostponed},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.result
			if r.ShouldProceed() != c.proceed || r.ShouldBlock() != c.block || r.ShouldPostpone() != c.postpone || r.Message() != c.message {
				t.Errorf("queries of %s wrong", r)
			}

			assertConditionError(t, r.CreateConditionError(), c.wantErr, c.wantSeverity, c.wantReason, c.message)
		})
	}
}

func TestPostReconcileCheckResultFactories(t *testing.T) {
	cases := []struct {
		name         string
		result       PostReconcileCheckResult
		success      bool
		message      string
		wantErr      bool
		wantSeverity conditions.ConditionSeverity
		wantReason   conditions.Reason
	}{
		{"success", PostReconcileCheckResultSuccess(), true, "", false, "", conditions.Reason{}},
		{"zero value succeeds", PostReconcileCheckResult{}, true, "", false, "", conditions.Reason{}},
		{"failure", PostReconcileCheckResultFailure("connection awaits approval"), false, "connection awaits approval", true,
			conditions.SeverityWarning, conditions.ReasonPostReconciliationFailure},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.result
			if r.Success() != c.success || r.Failure() == c.success || r.Message() != c.message {
				t.Errorf("queries of %s wrong", r)
			}

			assertConditionError(t, r.CreateConditionError(), c.wantErr, c.wantSeverity, c.wantReason, c.message)
		})
	}
}

func TestResultStrings(t *testing.T) {
	cases := []struct{ got, want string }{
		{ProceedWithReconcile().String(), "Proceed"},
		{BlockReconcile("x").String(), "Blocked: x"},
		{PostponeReconcile().String(), "Postponed: " + postponedMessage},
		{PostReconcileCheckResultSuccess().String(), "Success"},
		{PostReconcileCheckResultFailure("y").String(), "Failure: y"},
	}

	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("String() = %q, want %q", c.got, c.want)
		}
	}
}

// assertConditionError checks a CreateConditionError result.
func assertConditionError(t *testing.T, err error, wantErr bool, severity conditions.ConditionSeverity, reason conditions.Reason, message string) {
	t.Helper()
	if !wantErr {
		if err != nil {
			t.Errorf("CreateConditionError() = %v, want nil", err)
		}
		return
	}

	impacting, ok := conditions.AsReadyConditionImpactingError(err)
	if !ok {
		t.Fatalf("CreateConditionError() = %v, not a ReadyConditionImpactingError", err)
	}

	if impacting.Severity != severity || impacting.Reason != reason || impacting.Error() != message {
		t.Errorf("condition error = %s/%s %q; want %s/%s %q", impacting.Severity, impacting.Reason, impacting.Error(), severity, reason, message)
	}
}
