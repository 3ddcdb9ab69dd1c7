package webhooks

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	insights "github.com/asogen/asogen/v2/api/insights/v1api20210501preview/storage"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/registration"
)

// extension is an extension resource's registration: any resource can own it.
var extension = registration.Resource{
	GroupKind:      schema.GroupKind{Group: "insights.azure.com", Kind: "DiagnosticSetting"},
	ArbitraryOwner: true,
}

func diagnosticSetting(owner *genruntime.ArbitraryOwnerReference) *insights.DiagnosticSetting {
	obj := &insights.DiagnosticSetting{ObjectMeta: metav1.ObjectMeta{Name: "diag", Namespace: "ns"}}
	obj.Spec.AzureName = "diag"
	obj.Spec.Owner = owner
	return obj
}

func TestServedValidatorArbitraryOwnerRules(t *testing.T) {
	cases := []struct {
		name  string
		owner *genruntime.ArbitraryOwnerReference
		want  string // "" when accepted
	}{
		{"resource group", &genruntime.ArbitraryOwnerReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "rg"}, ""},
		{"storage account", &genruntime.ArbitraryOwnerReference{Group: "storage.azure.com", Kind: "StorageAccount", Name: "sa"}, ""},
		{"by ARM ID", &genruntime.ArbitraryOwnerReference{ARMID: armID + "/providers/Microsoft.Web/sites/w"}, ""},
		{"tenant-level ARM ID", &genruntime.ArbitraryOwnerReference{ARMID: "/providers/Microsoft.Management/managementGroups/g"}, ""},
		{"missing", nil, "spec.owner is required: set spec.owner.group, spec.owner.kind and spec.owner.name"},
		{"empty", &genruntime.ArbitraryOwnerReference{}, "one of name (with group and kind) or armId is required"},
		{"name only", &genruntime.ArbitraryOwnerReference{Name: "rg"}, "group and kind are required with name"},
		{"no group", &genruntime.ArbitraryOwnerReference{Kind: "ResourceGroup", Name: "rg"}, "group and kind are required with name"},
		{"both", &genruntime.ArbitraryOwnerReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "rg", ARMID: armID},
			"set either armId or group, kind and name, not both"},
		{"bad ARM ID", &genruntime.ArbitraryOwnerReference{ARMID: "/resourceGroups/rg"}, "must start with /subscriptions/ or /providers/"},
	}
	for _, c := range cases {
		_, err := Validator{Resource: extension}.ValidateCreate(context.Background(), diagnosticSetting(c.owner))
		checkRule(t, c.name, err, c.want)
	}
}

// An owner named by Kubernetes object must be of a kind the operator serves; any ARM ID goes.
func TestServedValidatorArbitraryOwnerKindIsServed(t *testing.T) {
	served := []schema.GroupKind{{Group: "resources.azure.com", Kind: "ResourceGroup"}, extension.GroupKind}
	v := Validator{Resource: extension, Served: served}
	_, err := v.ValidateCreate(context.Background(), diagnosticSetting(&genruntime.ArbitraryOwnerReference{
		Group: "resources.azure.com", Kind: "ResourceGroup", Name: "rg"}))
	checkRule(t, "served kind", err, "")
	_, err = v.ValidateCreate(context.Background(), diagnosticSetting(&genruntime.ArbitraryOwnerReference{
		Group: "web.azure.com", Kind: "Site", Name: "w"}))
	checkRule(t, "unserved kind", err, `spec.owner: kind "Site" of group "web.azure.com" is not served by this operator `+
		"(served: DiagnosticSetting (insights.azure.com), ResourceGroup (resources.azure.com))")
	_, err = v.ValidateCreate(context.Background(), diagnosticSetting(&genruntime.ArbitraryOwnerReference{
		ARMID: armID + "/providers/Microsoft.Web/sites/w"}))
	checkRule(t, "unserved resource by ARM ID", err, "")
}

func TestServedValidatorArbitraryOwnerIsWriteOnce(t *testing.T) {
	rg := &genruntime.ArbitraryOwnerReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "rg"}
	sa := &genruntime.ArbitraryOwnerReference{Group: "storage.azure.com", Kind: "StorageAccount", Name: "rg"}
	_, err := Validator{Resource: extension}.ValidateUpdate(context.Background(), diagnosticSetting(rg), diagnosticSetting(rg))
	checkRule(t, "unchanged", err, "")
	_, err = Validator{Resource: extension}.ValidateUpdate(context.Background(), diagnosticSetting(rg), diagnosticSetting(sa))
	checkRule(t, "other kind, same name", err, `spec.owner is write-once: it is {group: "resources.azure.com", kind: "ResourceGroup", name: "rg"}`)
}
