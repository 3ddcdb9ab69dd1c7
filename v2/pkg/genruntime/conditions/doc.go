// Package conditions holds the status conditions written by the operator on every resource,
// chiefly the Ready condition, together with the reasons, severities and retry classifications
// the reconciler uses to decide what the user sees and when it tries again.
//
// Severity tells the user how much attention a False or Unknown condition needs:
// SeverityError means the user must act (fix the spec, request quota, grant a permission) before
// the resource can become Ready; SeverityWarning means something is wrong but may resolve by
// itself (an owner not yet created, a blocked or failed check); SeverityInfo is progress the
// user need not act on; SeverityNone is used on True conditions.
//
// A Reason pairs the machine-readable reason written on the condition with a
// RetryClassification, telling the reconciler how soon to try again.
//
// Code that detects a problem which should show on the Ready condition returns a
// ReadyConditionImpactingError (NewReadyConditionImpactingError); the reconciler finds it again,
// through any amount of wrapping, with AsReadyConditionImpactingError and turns it into a
// condition with ReadyFromError.
package conditions
