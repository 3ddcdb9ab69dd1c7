package arm

import (
	"context"

	"github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// ReconcilePolicyAnnotation holds an object's reconcile policy, as in ASO; on a Namespace it sets
// the default for the objects in it.
const ReconcilePolicyAnnotation = "serviceoperator.azure.com/reconcile-policy"

// ReconcilePolicy says what the operator may do to an object's Azure resource.
type ReconcilePolicy string

const (
	// PolicyManage: create, update and delete the resource (the default).
	PolicyManage ReconcilePolicy = "manage"
	// PolicySkip: never PUT or DELETE; the status is still read from Azure with GET.
	PolicySkip ReconcilePolicy = "skip"
	// PolicyDetachOnDelete: manage the resource, but leave it in Azure when the object is deleted.
	PolicyDetachOnDelete ReconcilePolicy = "detach-on-delete"
)

// ParseReconcilePolicy reads a policy; the empty string is manage.
func ParseReconcilePolicy(s string) (ReconcilePolicy, error) {
	switch p := ReconcilePolicy(s); p {
	case "":
		return PolicyManage, nil
	case PolicyManage, PolicySkip, PolicyDetachOnDelete:
		return p, nil
	}
	return "", errors.Errorf("%q is not a reconcile policy: use %s, %s or %s", s, PolicyManage, PolicySkip, PolicyDetachOnDelete)
}

// ReasonUnknownReconcilePolicy: the annotation holds a value the operator does not know.
var ReasonUnknownReconcilePolicy = conditions.Reason{Name: "UnknownReconcilePolicy", RetryClassification: conditions.RetrySlow}

// policyOf is the object's policy: its own annotation, else its Namespace's, else the
// operator's default. A value that is not a policy is the user's to fix (Error); nothing is
// sent to Azure meanwhile.
func (r *Reconciler) policyOf(ctx context.Context, obj client.Object) (ReconcilePolicy, error) {
	value, found := obj.GetAnnotations()[ReconcilePolicyAnnotation]
	where := "the object's annotation " + ReconcilePolicyAnnotation
	if !found {
		ns := &corev1.Namespace{}
		if err := r.kube.Get(ctx, client.ObjectKey{Name: obj.GetNamespace()}, ns); err != nil {
			return "", errors.Wrapf(err, "reading namespace %s for its reconcile policy", obj.GetNamespace())
		}
		value, found = ns.GetAnnotations()[ReconcilePolicyAnnotation]
		where = "namespace " + ns.Name + "'s annotation " + ReconcilePolicyAnnotation
	}
	if !found {
		return r.opts.DefaultReconcilePolicy, nil
	}
	policy, err := ParseReconcilePolicy(value)
	if err != nil {
		return "", conditions.NewReadyConditionImpactingError(errors.Wrap(err, where), conditions.SeverityError, ReasonUnknownReconcilePolicy)
	}
	return policy, nil
}

// ReasonSkipped: the object's policy is skip; Ready says whether its resource exists in Azure.
var ReasonSkipped = conditions.Reason{Name: "Skipped", RetryClassification: conditions.RetryNone}

// ReasonAzureResourceNotFound: a skip object names a resource Azure does not have.
var ReasonAzureResourceNotFound = conditions.Reason{Name: "AzureResourceNotFound", RetryClassification: conditions.RetrySlow}

// observe is the flow of a skip object: its status is read from Azure with a GET; nothing is
// sent. Ready is True (so references and children may use it) with a message saying the operator
// does not manage it, or a Warning when the resource does not exist.
func (run *reconcileRun) observe(ctx context.Context) (outcome, bool) {
	if err := run.refreshStatus(ctx); err != nil {
		return failedWith(err), true
	}
	if run.missing {
		err := errors.Errorf("%s does not exist in Azure; the reconcile policy is %s, so the operator will not create it "+
			"(set %s to manage to create it)", run.id, PolicySkip, ReconcilePolicyAnnotation)
		return failedWith(conditions.NewReadyConditionImpactingError(err, conditions.SeverityWarning, ReasonAzureResourceNotFound)), true
	}
	return outcome{
		status: metav1.ConditionTrue, reason: ReasonSkipped, retry: retryResync,
		message: "Not managed (reconcile policy skip): the status is read from Azure, nothing is sent to it",
	}, true
}
