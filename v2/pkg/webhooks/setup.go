package webhooks

import (
	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/asogen/asogen/v2/pkg/registration"
)

// Setup registers the conversion, defaulting and validating webhooks of every resource kind with
// the manager's webhook server. The manager's scheme must hold every version of every kind.
func Setup(mgr ctrl.Manager, resources []registration.Resource) error {
	served := make([]schema.GroupKind, 0, len(resources))
	for _, r := range resources {
		served = append(served, r.GroupKind)
	}
	for _, r := range resources {
		err := ctrl.NewWebhookManagedBy(mgr).
			For(r.NewHub()).
			WithDefaulter(Defaulter{Resource: r}).
			WithValidator(Validator{Resource: r, Served: served}).
			Complete()
		if err != nil {
			return errors.Wrapf(err, "registering the webhooks of %s", r.GroupKind)
		}
	}
	return nil
}
