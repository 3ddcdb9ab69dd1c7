package webhooks

import (
	"context"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	aks "github.com/asogen/asogen/v2/api/containerservice/v1api20231001/storage"
	network "github.com/asogen/asogen/v2/api/network/v1api20240301/storage"
	sa "github.com/asogen/asogen/v2/api/storage/v1api20230101/storage"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/registration"
)

var owned = registration.Resource{
	GroupKind: schema.GroupKind{Group: "storage.azure.com", Kind: "StorageAccount"},
	Owner:     &schema.GroupKind{Group: "resources.azure.com", Kind: "ResourceGroup"},
}

const armID = "/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg"

func account(azureName string, owner *genruntime.KnownResourceReference) *sa.StorageAccount {
	obj := &sa.StorageAccount{ObjectMeta: metav1.ObjectMeta{Name: "acct", Namespace: "ns"}}
	obj.Spec.AzureName = azureName
	obj.Spec.Owner = owner
	return obj
}

func TestServedDefaulterPersistsMetadataName(t *testing.T) {
	for azureName, want := range map[string]string{"": "acct", "custom": "custom"} {
		obj := account(azureName, nil)
		if err := (Defaulter{Resource: owned}).Default(context.Background(), obj); err != nil {
			t.Fatal(err)
		}
		if obj.Spec.AzureName != want {
			t.Errorf("azureName %q defaulted to %q, want %q", azureName, obj.Spec.AzureName, want)
		}
	}
}

func TestServedValidatorCreateRules(t *testing.T) {
	cases := []struct {
		name  string
		owner *genruntime.KnownResourceReference
		want  string // "" when accepted
	}{
		{"by name", &genruntime.KnownResourceReference{Name: "rg"}, ""},
		{"by ARM ID", &genruntime.KnownResourceReference{ARMID: armID}, ""},
		{"missing", nil, "spec.owner is required: set spec.owner.name to the name of the ResourceGroup (resources.azure.com)"},
		{"empty", &genruntime.KnownResourceReference{}, "spec.owner is required"},
		{"both", &genruntime.KnownResourceReference{Name: "rg", ARMID: armID}, `spec.owner sets both name "rg" and armId`},
		{"bad ARM ID", &genruntime.KnownResourceReference{ARMID: "/resourceGroups/rg"}, "must start with /subscriptions/"},
	}
	for _, c := range cases {
		_, err := Validator{Resource: owned}.ValidateCreate(context.Background(), account("", c.owner))
		checkRule(t, c.name, err, c.want)
	}
}

func TestServedValidatorRejectsReferenceWithBothForms(t *testing.T) {
	pe := &network.PrivateEndpoint{ObjectMeta: metav1.ObjectMeta{Name: "pe", Namespace: "ns"}}
	pe.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
	pe.Spec.Subnet = &genruntime.ResourceReference{Group: "network.azure.com", Kind: "Subnet", Name: "default", ARMID: armID}
	_, err := Validator{Resource: owned}.ValidateCreate(context.Background(), pe)
	checkRule(t, "reference with both forms", err, "set either armId or group, kind and name, not both")
	pe.Spec.Subnet = &genruntime.ResourceReference{ARMID: armID + "/providers/Microsoft.Network/virtualNetworks/vn/subnets/default"}
	_, err = Validator{Resource: owned}.ValidateCreate(context.Background(), pe)
	checkRule(t, "reference by ARM ID", err, "")
}

func TestServedValidatorUpdateRules(t *testing.T) {
	rg := &genruntime.KnownResourceReference{Name: "rg"}
	cases := []struct {
		name          string
		before, after *sa.StorageAccount
		want          string
	}{
		{"unchanged", account("acct", rg), account("acct", rg), ""},
		{"defaulted name kept", account("", rg), account("acct", rg), ""},
		{"renamed", account("acct", rg), account("other", rg), `spec.azureName is write-once: it is "acct" and the update sets "other"`},
		{"moved", account("acct", rg), account("acct", &genruntime.KnownResourceReference{Name: "rg2"}),
			`spec.owner is write-once: it is {name: "rg"} and the update sets {name: "rg2"}`},
		{"to ARM ID", account("acct", rg), account("acct", &genruntime.KnownResourceReference{ARMID: armID}), "spec.owner is write-once"},
	}
	for _, c := range cases {
		_, err := Validator{Resource: owned}.ValidateUpdate(context.Background(), c.before, c.after)
		checkRule(t, c.name, err, c.want)
	}
}

func TestServedValidatorLetsDeletedObjectsGo(t *testing.T) {
	before := account("acct", nil)
	after := before.DeepCopy()
	now := metav1.Now()
	after.DeletionTimestamp = &now
	after.Finalizers = nil
	if _, err := (Validator{Resource: owned}).ValidateUpdate(context.Background(), before, after); err != nil {
		t.Errorf("removing the finalizer of an object without owner was refused: %v", err)
	}
}

func checkRule(t *testing.T, name string, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: rejected: %v", name, err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Errorf("%s: got %v, want an error containing %q", name, err, want)
	}
}

func TestServedValidatorRejectsIncompleteSecretReference(t *testing.T) {
	mc := &aks.ManagedCluster{ObjectMeta: metav1.ObjectMeta{Name: "mc", Namespace: "ns"}}
	mc.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
	mc.Spec.ServicePrincipalProfile = &aks.ManagedClusterServicePrincipalProfile{Secret: &genruntime.SecretReference{Name: "sp"}}
	_, err := Validator{Resource: owned}.ValidateCreate(context.Background(), mc)
	checkRule(t, "secret without key", err, `a secret reference {name: "sp", key: ""} must name a Secret in this namespace and a key in it`)
	mc.Spec.ServicePrincipalProfile.Secret.Key = "password"
	_, err = Validator{Resource: owned}.ValidateCreate(context.Background(), mc)
	checkRule(t, "complete secret reference", err, "")
}
