package webhooks

import (
	"context"

	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/registration"
)

// AzureNamed is a hub whose Azure name can be set; asogen generates SetAzureName on every hub.
type AzureNamed interface {
	genruntime.KubernetesResource
	SetAzureName(name string)
}

// Defaulter is the defaulting webhook of one kind.
type Defaulter struct {
	Resource registration.Resource
}

var _ admission.CustomDefaulter = Defaulter{}

// Default persists the Azure name: spec.azureName, or metadata.name when it is empty.
func (d Defaulter) Default(_ context.Context, obj runtime.Object) error {
	named, ok := obj.(AzureNamed)
	if !ok {
		return errors.Errorf("%s: %T has no SetAzureName method; regenerate the API with asogen", d.Resource.GroupKind, obj)
	}
	named.SetAzureName(named.AzureName())
	return nil
}
