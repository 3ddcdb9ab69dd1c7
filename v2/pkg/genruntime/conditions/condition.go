package conditions

import (
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ConditionType is the type of a condition, such as ConditionTypeReady.
type ConditionType string

// ConditionTypeReady is the condition every resource carries: True once the resource exists in
// Azure as specified and every post-reconciliation check has passed.
const ConditionTypeReady ConditionType = "Ready"

// ConditionSeverity says how much attention a condition that is not True needs.
type ConditionSeverity string

const (
	// SeverityError means the user must act before the resource can make progress.
	SeverityError ConditionSeverity = "Error"
	// SeverityWarning means something is wrong that may resolve without the user acting.
	SeverityWarning ConditionSeverity = "Warning"
	// SeverityInfo reports progress; no action is needed.
	SeverityInfo ConditionSeverity = "Info"
	// SeverityNone is the severity of a True condition.
	SeverityNone ConditionSeverity = ""
)

// Condition is one observation of the state of a resource.
// +kubebuilder:object:generate=true
type Condition struct {
	// Type of condition.
	// +kubebuilder:validation:Required
	Type ConditionType `json:"type"`

	// Status of the condition, one of True, False, or Unknown.
	// +kubebuilder:validation:Required
	Status metav1.ConditionStatus `json:"status"`

	// Severity with which to treat failures of this type of condition.
	// For conditions which have positive polarity (Status == True is their normal/healthy state), this will be omitted when Status == True.
	// +optional
	Severity ConditionSeverity `json:"severity,omitempty"`

	// LastTransitionTime is the last time the condition transitioned from one status to another.
	// +kubebuilder:validation:Required
	LastTransitionTime metav1.Time `json:"lastTransitionTime"`

	// ObservedGeneration is the .metadata.generation that the condition was set based upon.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`

	// Reason for the condition's last transition.
	// Reasons are upper CamelCase (PascalCase) with no spaces. A reason is always provided, this field will not be empty.
	// +kubebuilder:validation:Required
	Reason string `json:"reason"`

	// Message is a human readable message indicating details about the transition. This field may be empty.
	// +optional
	Message string `json:"message,omitempty"`
}

// IsTrue reports whether the condition's status is True.
func (c Condition) IsTrue() bool {
	return c.Status == metav1.ConditionTrue
}

// String renders the condition on one line, for logs and test failures.
func (c Condition) String() string {
	return fmt.Sprintf(
		"Condition [%s], Status = %q, ObservedGeneration = %d, Severity = %q, Reason = %q, Message = %q, LastTransitionTime = %q",
		c.Type, c.Status, c.ObservedGeneration, c.Severity, c.Reason, c.Message, c.LastTransitionTime)
}

// sameState reports whether two conditions differ only in LastTransitionTime.
func (c Condition) sameState(other Condition) bool {
	c.LastTransitionTime = other.LastTransitionTime
	return c == other
}

// Conditions is the list of conditions on a resource, at most one of each type.
// +kubebuilder:object:generate=true
type Conditions []Condition

// Get returns the condition of the given type, if present.
func (c Conditions) Get(t ConditionType) (Condition, bool) {
	for _, cond := range c {
		if cond.Type == t {
			return cond, true
		}
	}

	return Condition{}, false
}

// Set adds the condition, or replaces the existing one of the same type.
// When the status does not change, the existing LastTransitionTime is kept, so the time records
// when the status last changed rather than when the condition was last written.
// Set reports whether anything other than LastTransitionTime changed.
func (c *Conditions) Set(cond Condition) bool {
	for i, existing := range *c {
		if existing.Type != cond.Type {
			continue
		}

		if existing.Status == cond.Status {
			cond.LastTransitionTime = existing.LastTransitionTime
		}

		(*c)[i] = cond
		return !existing.sameState(cond)
	}

	*c = append(*c, cond)
	return true
}

// Remove deletes the condition of the given type, reporting whether it was present.
func (c *Conditions) Remove(t ConditionType) bool {
	for i, existing := range *c {
		if existing.Type == t {
			*c = append((*c)[:i], (*c)[i+1:]...)
			return true
		}
	}

	return false
}

// Conditioner is implemented by every object carrying conditions.
type Conditioner interface {
	GetConditions() Conditions
	SetConditions(conditions Conditions)
}

// GetCondition returns the condition of the given type from o, if present.
func GetCondition(o Conditioner, t ConditionType) (Condition, bool) {
	return o.GetConditions().Get(t)
}

// SetCondition sets cond on o (see Conditions.Set), reporting whether anything changed.
func SetCondition(o Conditioner, cond Condition) bool {
	conds := o.GetConditions()
	changed := conds.Set(cond)
	o.SetConditions(conds)
	return changed
}

// RetryClassification tells the reconciler how soon to try again after a condition is written.
type RetryClassification string

const (
	// RetryFast retries soon: the problem is expected to clear quickly (for example, an owner
	// that is being created right now).
	RetryFast RetryClassification = "RetryFast"
	// RetrySlow retries with a long back-off: the problem may clear by itself, but not soon.
	RetrySlow RetryClassification = "RetrySlow"
	// RetryNone does not retry until the resource changes.
	RetryNone RetryClassification = "RetryNone"
)

// Reason is the reason written on a condition together with how the reconciler should retry.
type Reason struct {
	// Name is written to Condition.Reason; upper CamelCase, no spaces.
	Name string
	// RetryClassification says how soon to reconcile again.
	RetryClassification RetryClassification
}

// The reasons the reconciliation flow writes on the Ready condition.
var (
	// ReasonReconciling: the operator is creating, updating or polling the resource in Azure.
	ReasonReconciling = Reason{Name: "Reconciling", RetryClassification: RetryFast}
	// ReasonSucceeded: the resource exists in Azure as specified.
	ReasonSucceeded = Reason{Name: "Succeeded", RetryClassification: RetryNone}
	// ReasonReconciliationBlocked: a pre-reconciliation check blocked the attempt.
	ReasonReconciliationBlocked = Reason{Name: "ReconciliationBlocked", RetryClassification: RetrySlow}
	// ReasonReconciliationPostponed: a pre-reconciliation check postponed the attempt.
	ReasonReconciliationPostponed = Reason{Name: "ReconciliationPostponed", RetryClassification: RetrySlow}
	// ReasonPostReconciliationFailure: Azure accepted the resource but a post-reconciliation
	// check says it is not ready yet.
	ReasonPostReconciliationFailure = Reason{Name: "PostReconciliationFailure", RetryClassification: RetrySlow}
	// ReasonFailed: reconciliation failed for a reason with no more specific name.
	ReasonFailed = Reason{Name: "Failed", RetryClassification: RetrySlow}
	// ReasonWaitingForOwner: the owner does not exist yet, or has not been created in Azure yet.
	ReasonWaitingForOwner = Reason{Name: "WaitingForOwner", RetryClassification: RetryFast}
	// ReasonReferenceNotFound: a resource referenced by the spec does not exist yet, or has not
	// been created in Azure yet.
	ReasonReferenceNotFound = Reason{Name: "ReferenceNotFound", RetryClassification: RetrySlow}
	// ReasonSecretNotFound: a Secret (or a key of it) named by the spec does not exist; the
	// reconciler watches the Secret and tries again when it changes.
	ReasonSecretNotFound = Reason{Name: "SecretNotFound", RetryClassification: RetrySlow}
	// ReasonConfigMapNotFound: a ConfigMap (or a key of it) named by the spec does not exist; the
	// reconciler watches the ConfigMap and tries again when it changes.
	ReasonConfigMapNotFound = Reason{Name: "ConfigMapNotFound", RetryClassification: RetrySlow}
)

// MakeReason makes a reason from a name that is not one of the predefined reasons, typically an
// ARM error code such as "InvalidResourceReference" or "QuotaExceeded".
func MakeReason(name string, retry RetryClassification) Reason {
	return Reason{Name: name, RetryClassification: retry}
}

// String returns the reason's name.
func (r Reason) String() string {
	return r.Name
}
