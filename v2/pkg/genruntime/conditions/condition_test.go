package conditions

import (
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

var (
	earlier = metav1.NewTime(time.Date(2024, 1, 1, 10, 0, 0, 0, time.UTC))
	later   = metav1.NewTime(time.Date(2024, 1, 1, 11, 0, 0, 0, time.UTC))
)

type conditioned struct{ conds Conditions }

func (c *conditioned) GetConditions() Conditions      { return c.conds }
func (c *conditioned) SetConditions(conds Conditions) { c.conds = conds }

func TestConditionsSet(t *testing.T) {
	other := Condition{Type: "Other", Status: metav1.ConditionTrue, LastTransitionTime: earlier}
	cases := []struct {
		name        string
		existing    Conditions
		set         Condition
		wantTime    metav1.Time
		wantChanged bool
		wantLen     int
	}{
		{"adds when absent", Conditions{other}, ReadyTrue(1, later), later, true, 2},
		{"keeps time when status unchanged", Conditions{ReadyTrue(1, earlier)}, ReadyTrue(2, later), earlier, true, 1},
		{"no change when identical but for time", Conditions{ReadyTrue(1, earlier)}, ReadyTrue(1, later), earlier, false, 1},
		{"new time when status changes", Conditions{ReadyReconciling(1, earlier)}, ReadyTrue(1, later), later, true, 1},
		{"message change keeps time", Conditions{ReadyFalse(1, earlier, SeverityWarning, ReasonFailed, "a")},
			ReadyFalse(1, later, SeverityWarning, ReasonFailed, "b"), earlier, true, 1},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conds := append(Conditions(nil), c.existing...)
			changed := conds.Set(c.set)
			got, ok := conds.Get(ConditionTypeReady)
			if !ok || changed != c.wantChanged || len(conds) != c.wantLen {
				t.Fatalf("Set: ok=%v changed=%v len=%d; want changed=%v len=%d", ok, changed, len(conds), c.wantChanged, c.wantLen)
			}

			if !got.LastTransitionTime.Equal(&c.wantTime) || got.ObservedGeneration != c.set.ObservedGeneration || got.Message != c.set.Message {
				t.Errorf("got %s", got)
			}
		})
	}
}

func TestConditionsGetAndRemove(t *testing.T) {
	conds := Conditions{ReadyTrue(1, earlier), {Type: "Other", Status: metav1.ConditionFalse}}
	if _, ok := conds.Get("Missing"); ok {
		t.Errorf("Get of a missing type found something")
	}

	if !conds.Remove(ConditionTypeReady) || len(conds) != 1 || conds[0].Type != "Other" {
		t.Errorf("Remove(Ready) left %v", conds)
	}

	if conds.Remove(ConditionTypeReady) {
		t.Errorf("second Remove reported a removal")
	}
}

func TestSetConditionOnConditioner(t *testing.T) {
	obj := &conditioned{}
	if !SetCondition(obj, ReadyReconciling(3, earlier)) {
		t.Fatalf("first SetCondition reported no change")
	}

	got, ok := GetCondition(obj, ConditionTypeReady)
	if !ok || got.Status != metav1.ConditionUnknown || got.ObservedGeneration != 3 {
		t.Errorf("GetCondition = %s, %v", got, ok)
	}
}

func TestReadyBuilders(t *testing.T) {
	cases := []struct {
		name         string
		cond         Condition
		wantStatus   metav1.ConditionStatus
		wantSeverity ConditionSeverity
		wantReason   string
		wantTrue     bool
	}{
		{"true", ReadyTrue(2, later), metav1.ConditionTrue, SeverityNone, "Succeeded", true},
		{"reconciling", ReadyReconciling(2, later), metav1.ConditionUnknown, SeverityInfo, "Reconciling", false},
		{"false", ReadyFalse(2, later, SeverityError, MakeReason("QuotaExceeded", RetrySlow), "m"),
			metav1.ConditionFalse, SeverityError, "QuotaExceeded", false},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.cond.Type != ConditionTypeReady || c.cond.Status != c.wantStatus || c.cond.Severity != c.wantSeverity ||
				c.cond.Reason != c.wantReason || c.cond.ObservedGeneration != 2 || !c.cond.LastTransitionTime.Equal(&later) ||
				c.cond.IsTrue() != c.wantTrue {
				t.Errorf("got %s", c.cond)
			}
		})
	}
}

func TestConditionDeepCopy(t *testing.T) {
	conds := Conditions{ReadyTrue(1, earlier)}
	copied := conds.DeepCopy()
	copied[0].Message = "changed"
	if conds[0].Message != "" {
		t.Errorf("DeepCopy shares storage with the original")
	}
}
