package arm

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// Event types: Warning for what a user should look at, Normal for the rest.
const (
	eventNormal  = corev1.EventTypeNormal
	eventWarning = corev1.EventTypeWarning
)

// event records a Kubernetes Event on the object through the manager's recorder, which
// aggregates and rate-limits repeats. Messages never hold a secret value: they are the same
// texts the Ready condition shows.
func (run *reconcileRun) event(eventType, reason, message string) {
	run.record(run.obj, eventType, reason, message)
}

// record sends one Event when the reconciler has a recorder.
func (r *Reconciler) record(obj kruntime.Object, eventType, reason, message string) {
	if r.recorder != nil {
		r.recorder.Event(obj, eventType, reason, message)
	}
}

// readyEvent records a change of the Ready condition from before to after: becoming True, or a
// new failure; every ARM error is recorded, so each retry shows (the recorder folds repeats).
func (r *Reconciler) readyEvent(obj kruntime.Object, before, after conditions.Condition, armError bool) {
	switch {
	case after.Status == metav1.ConditionTrue && before.Status != metav1.ConditionTrue:
		r.record(obj, eventNormal, after.Reason, "The resource is Ready: Azure holds the spec")
	case after.Status != metav1.ConditionFalse:
		return
	case armError || before.Reason != after.Reason || before.Message != after.Message:
		r.record(obj, eventType(after.Severity), after.Reason, after.Message)
	}
}

func eventType(severity conditions.ConditionSeverity) string {
	if severity == conditions.SeverityInfo {
		return eventNormal
	}
	return eventWarning
}
