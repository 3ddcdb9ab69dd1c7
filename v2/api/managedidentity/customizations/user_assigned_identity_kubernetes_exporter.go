package customizations

import (
	"context"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	managedidentity20230131s "github.com/asogen/asogen/v2/api/managedidentity/v1api20230131/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
)

// The operator creates, patches and deletes the ServiceAccounts this exporter returns.
// +kubebuilder:rbac:groups="",resources=serviceaccounts,verbs=get;list;watch;create;patch;delete

// ServiceAccountAnnotation on a UserAssignedIdentity names the ServiceAccount (in its namespace)
// that pods use to sign in as the identity through Azure Workload Identity.
const ServiceAccountAnnotation = "managedidentity.azure.com/service-account"

// The annotations Azure Workload Identity reads from a ServiceAccount.
const (
	workloadIdentityClientID = "azure.workload.identity/client-id"
	workloadIdentityTenantID = "azure.workload.identity/tenant-id"
)

// ExportResources is the KubernetesExporter of managedidentity UserAssignedIdentity: when the
// identity carries ServiceAccountAnnotation, it returns that ServiceAccount annotated with the
// identity's client and tenant IDs, which Azure assigns at creation. A ServiceAccount is an object
// the config's exports cannot describe (a ConfigMap or Secret key is all they write), so this is
// the hand-written use of the point in the default config.
func (ext *UserAssignedIdentityExtension) ExportResources(
	_ context.Context,
	userAssignedIdentity *managedidentity20230131s.UserAssignedIdentity,
	_ *genericarmclient.GenericClient,
	log logr.Logger,
) (extensions.KubernetesObjects, error) {
	name := userAssignedIdentity.GetAnnotations()[ServiceAccountAnnotation]
	status := userAssignedIdentity.Status
	if name == "" || status.ClientID == nil || status.TenantID == nil {
		return nil, nil
	}
	sa := &corev1.ServiceAccount{
		TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ServiceAccount"},
		ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: map[string]string{
			workloadIdentityClientID: *status.ClientID,
			workloadIdentityTenantID: *status.TenantID,
		}},
	}
	log.V(1).Info("Exporting the workload identity ServiceAccount", "serviceAccount", name)
	return extensions.KubernetesObjects{sa}, nil
}
