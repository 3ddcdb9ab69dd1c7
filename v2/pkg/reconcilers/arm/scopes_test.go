package arm_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	insights "github.com/asogen/asogen/v2/api/insights/v1api20210501preview"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// diagnosticSettingsPath is what ARM puts between an extension's owner and its name.
const diagnosticSettingsPath = "/providers/Microsoft.Insights/diagnosticSettings/"

// newDiagnosticSetting is a diagnostic setting at v1api20210501preview sending one log category
// to a storage account given by ARM ID.
func newDiagnosticSetting(name string, owner genruntime.ArbitraryOwnerReference) *insights.DiagnosticSetting {
	ds := &insights.DiagnosticSetting{ObjectMeta: meta(name)}
	ds.Spec.Owner = &owner
	ds.Spec.Logs = []insights.LogSettings{{CategoryGroup: ptr("allLogs"), Enabled: true}}
	ds.Spec.StorageAccountReference = &genruntime.ResourceReference{
		ARMID: rgID("rg-logs") + "/providers/Microsoft.Storage/storageAccounts/logs"}
	return ds
}

func resourceGroupOwner(name string) genruntime.ArbitraryOwnerReference {
	return genruntime.ArbitraryOwnerReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: name}
}

// putAt checks that the diagnostic setting was PUT at exactly id, at its API version.
func putAt(t *testing.T, id string) {
	t.Helper()
	if v := apiVersions(id, http.MethodPut); len(v) == 0 || v[0] != "2021-05-01-preview" {
		t.Errorf("PUTs to %s at api-versions %v, want 2021-05-01-preview; requests: %+v", id, v, suite.arm.Requests())
	}
}

// A diagnostic setting (the real Microsoft.Insights extension resource, PUT at
// /{resourceUri}/providers/Microsoft.Insights/diagnosticSettings/{name}) owned by a resource group
// is PUT under the group's ARM ID.
func TestRealSpecsExtensionResourceOwnedByResourceGroup(t *testing.T) {
	createResourceGroup(t, "rg-diag")
	ds := newDiagnosticSetting("diag-rg", resourceGroupOwner("rg-diag"))
	create(t, ds)
	waitReady(t, ds)
	putAt(t, rgID("rg-diag")+diagnosticSettingsPath+"diag-rg")
	if id, _ := genruntime.GetResourceID(ds); id != rgID("rg-diag")+diagnosticSettingsPath+"diag-rg" {
		t.Errorf("resource-id annotation %q", id)
	}
}

// A diagnostic setting owned by a storage account waits (Warning, WaitingForOwner, nothing sent)
// while the account is not Ready, and is PUT under the account's ARM ID once it is.
func TestRealSpecsExtensionResourceOwnedByStorageAccount(t *testing.T) {
	createResourceGroup(t, "rg-diagsa")
	accountID := rgID("rg-diagsa") + "/providers/Microsoft.Storage/storageAccounts/diagsa"
	suite.arm.AddFault(armserver.Fault{Method: http.MethodPut, ID: accountID, Status: http.StatusBadRequest, Code: "BadRequest",
		Message: "The account is refused once."})
	sa := newStorageAccount("diagsa", "rg-diagsa")
	create(t, sa)
	waitReason(t, sa, conditions.SeverityError, "BadRequest")

	ds := newDiagnosticSetting("diag-sa", genruntime.ArbitraryOwnerReference{Group: "storage.azure.com", Kind: "StorageAccount", Name: "diagsa"})
	create(t, ds)
	cond := waitReason(t, ds, conditions.SeverityWarning, conditions.ReasonWaitingForOwner.Name)
	if !strings.Contains(cond.Message, "storage.azure.com/StorageAccount/diagsa") || !strings.Contains(cond.Message, "not Ready") {
		t.Errorf("the warning should name the owner and say it is not Ready: %q", cond.Message)
	}
	id := accountID + diagnosticSettingsPath + "diag-sa"
	if anyRequest(id) {
		t.Errorf("no request may reach the diagnostic setting before its owner is Ready: %+v", suite.arm.RequestsFor(id))
	}

	modify(t, sa, func() { sa.Spec.Tags = map[string]string{"fixed": "yes"} })
	waitReady(t, sa)
	waitReady(t, ds) // reconciled when its owner becomes Ready
	putAt(t, id)
}

// An extension resource can be owned by a resource the operator does not manage, by ARM ID.
func TestRealSpecsExtensionResourceOwnedByARMID(t *testing.T) {
	createResourceGroup(t, "rg-diagid")
	vnet := rgID("rg-diagid") + "/providers/Microsoft.Network/virtualNetworks/unmanaged"
	if err := suite.arm.Seed(vnet, map[string]any{"location": "westus2"}); err != nil {
		t.Fatal(err)
	}
	ds := newDiagnosticSetting("diag-id", genruntime.ArbitraryOwnerReference{ARMID: vnet})
	create(t, ds)
	waitReady(t, ds)
	putAt(t, vnet+diagnosticSettingsPath+"diag-id")
}

// The validating webhook rejects an extension's owner that is not exactly one of group, kind and
// name, or armId, or that names a kind the operator does not serve, saying what to set; nothing
// reaches ARM.
func TestRealSpecsExtensionResourceOwnerRejected(t *testing.T) {
	cases := map[string]struct {
		owner genruntime.ArbitraryOwnerReference
		want  string
	}{
		"empty":     {genruntime.ArbitraryOwnerReference{}, "one of name (with group and kind) or armId is required"},
		"name only": {genruntime.ArbitraryOwnerReference{Name: "rg"}, "group and kind are required with name"},
		"no kind":   {genruntime.ArbitraryOwnerReference{Group: "resources.azure.com", Name: "rg"}, "group and kind are required with name"},
		"unserved kind": {genruntime.ArbitraryOwnerReference{Group: "web.azure.com", Kind: "Site", Name: "w"},
			`kind "Site" of group "web.azure.com" is not served by this operator`},
		"name and armid": {genruntime.ArbitraryOwnerReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "rg", ARMID: rgID("rg")},
			"set either armId or group, kind and name, not both"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			ds := newDiagnosticSetting("bad-owner-"+strings.ReplaceAll(name, " ", "-"), c.owner)
			err := suite.kube.Create(context.Background(), ds)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "spec.owner") {
				t.Fatalf("create with owner %+v: %v, want %q", c.owner, err, c.want)
			}
		})
	}
	for _, r := range suite.arm.Requests() {
		if strings.Contains(r.Path, "/bad-owner-") {
			t.Errorf("a rejected object reached ARM: %s %s", r.Method, r.Path)
		}
	}
}
