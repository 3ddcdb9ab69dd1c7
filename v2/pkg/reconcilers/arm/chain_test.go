package arm_test

import (
	"context"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	identity "github.com/asogen/asogen/v2/api/managedidentity/v1api20230131"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// newIdentity is a user-assigned identity in rg that exports the named Status values into
// ConfigMaps (export name → destination).
func newIdentity(name, rg string, configMaps *identity.UserAssignedIdentityOperatorConfigMaps) *identity.UserAssignedIdentity {
	id := &identity.UserAssignedIdentity{ObjectMeta: meta(name)}
	id.Spec.Owner = owner(rg)
	id.Spec.Location = "westus2"
	id.Spec.OperatorSpec = &identity.UserAssignedIdentityOperatorSpec{ConfigMaps: configMaps}
	return id
}

func identityARMID(rg, name string) string {
	return rgID(rg) + "/providers/Microsoft.ManagedIdentity/userAssignedIdentities/" + name
}

func getConfigMap(t *testing.T, name string) *corev1.ConfigMap {
	t.Helper()
	cm := &corev1.ConfigMap{}
	if err := suite.kube.Get(context.Background(), client.ObjectKey{Namespace: namespace, Name: name}, cm); err != nil {
		t.Fatal(err)
	}
	return cm
}

// configMapHolds reports whether the ConfigMap exists with data[key] == want.
func configMapHolds(name, key, want string) bool {
	cm := &corev1.ConfigMap{}
	err := suite.kube.Get(context.Background(), client.ObjectKey{Namespace: namespace, Name: name}, cm)
	return err == nil && cm.Data[key] == want
}

// TestChainConfigMapOutputs: an identity writes its principalId and clientId into the ConfigMap
// the user named, owned by it (controller reference); a ConfigMap deleted or edited by hand is
// written again; deleting the identity deletes it.
func TestChainConfigMapOutputs(t *testing.T) {
	createResourceGroup(t, "rg-cmout")
	id := newIdentity("id-cmout", "rg-cmout", &identity.UserAssignedIdentityOperatorConfigMaps{
		PrincipalID: &genruntime.ConfigMapDestination{Name: "id-values", Key: "principal"},
		ClientID:    &genruntime.ConfigMapDestination{Name: "id-values", Key: "client"},
	})
	create(t, id)
	waitReady(t, id)
	principal, client_, _ := armserver.IdentityIDs(identityARMID("rg-cmout", "id-cmout"))
	cm := getConfigMap(t, "id-values")
	if cm.Data["principal"] != principal || cm.Data["client"] != client_ || len(cm.Data) != 2 {
		t.Fatalf("config map data %v; want principal %s and client %s", cm.Data, principal, client_)
	}
	if !metav1.IsControlledBy(cm, id) {
		t.Fatalf("the ConfigMap is not controlled by the identity: %+v", cm.OwnerReferences)
	}

	cm.Data["principal"] = "edited-by-hand"
	if err := suite.kube.Update(context.Background(), cm); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the edited ConfigMap to be restored", func() bool { return configMapHolds("id-values", "principal", principal) })
	if err := suite.kube.Delete(context.Background(), cm); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the deleted ConfigMap to be written again", func() bool { return configMapHolds("id-values", "principal", principal) })

	deleteAndWait(t, id)
	waitUntil(t, "the exported ConfigMap to be deleted", func() bool {
		err := suite.kube.Get(context.Background(), client.ObjectKey{Namespace: namespace, Name: "id-values"}, &corev1.ConfigMap{})
		return client.IgnoreNotFound(err) == nil && err != nil
	})
}

// TestChainConfigMapOutputRefusesForeign: a ConfigMap of the destination's name that the
// identity does not own is left untouched, with a Warning saying why.
func TestChainConfigMapOutputRefusesForeign(t *testing.T) {
	createResourceGroup(t, "rg-cmforeign")
	foreign := &corev1.ConfigMap{ObjectMeta: meta("not-yours-cm"), Data: map[string]string{"principal": "mine"}}
	create(t, foreign)
	id := newIdentity("id-cmforeign", "rg-cmforeign", &identity.UserAssignedIdentityOperatorConfigMaps{
		PrincipalID: &genruntime.ConfigMapDestination{Name: "not-yours-cm", Key: "principal"},
	})
	create(t, id)
	cond := waitReason(t, id, conditions.SeverityWarning, conditions.ReasonFailed.Name)
	if !strings.Contains(cond.Message, `config map "not-yours-cm" exists and does not belong to this resource`) {
		t.Errorf("condition: %q", cond.Message)
	}
	if got := getConfigMap(t, "not-yours-cm"); got.Data["principal"] != "mine" || len(got.OwnerReferences) != 0 {
		t.Errorf("the foreign ConfigMap was touched: %+v", got)
	}
}

// TestChainConfigMapOutputsOneKeyTwice: two values into one key of one ConfigMap is refused at
// admission.
func TestChainConfigMapOutputsOneKeyTwice(t *testing.T) {
	id := newIdentity("id-cmtwice", "rg-cmtwice", &identity.UserAssignedIdentityOperatorConfigMaps{
		PrincipalID: &genruntime.ConfigMapDestination{Name: "id-values", Key: "id"},
		ClientID:    &genruntime.ConfigMapDestination{Name: "id-values", Key: "id"},
	})
	err := suite.kube.Create(context.Background(), id)
	if err == nil || !strings.Contains(err.Error(), `spec.operatorSpec.configMaps: clientId and principalId both name config map "id-values" key "id"`) {
		t.Fatalf("create: %v; want an admission error", err)
	}
}

// TestChainKubernetesExporter: the identity's hand-written KubernetesExporter writes the
// ServiceAccount its annotation names, annotated with the identity's client and tenant IDs and
// controlled by the identity.
func TestChainKubernetesExporter(t *testing.T) {
	createResourceGroup(t, "rg-wi")
	id := newIdentity("id-wi", "rg-wi", nil)
	id.Annotations = map[string]string{"managedidentity.azure.com/service-account": "builder-sa"}
	create(t, id)
	waitReady(t, id)
	_, clientID, tenantID := armserver.IdentityIDs(identityARMID("rg-wi", "id-wi"))
	sa := &corev1.ServiceAccount{}
	waitUntil(t, "the ServiceAccount", func() bool {
		return suite.kube.Get(context.Background(), client.ObjectKey{Namespace: namespace, Name: "builder-sa"}, sa) == nil
	})
	if sa.Annotations["azure.workload.identity/client-id"] != clientID || sa.Annotations["azure.workload.identity/tenant-id"] != tenantID {
		t.Errorf("ServiceAccount annotations %v; want client %s and tenant %s", sa.Annotations, clientID, tenantID)
	}
	if !metav1.IsControlledBy(sa, id) {
		t.Errorf("the ServiceAccount is not controlled by the identity: %+v", sa.OwnerReferences)
	}
}
