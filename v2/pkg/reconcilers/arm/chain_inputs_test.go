package arm_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"

	authorization "github.com/asogen/asogen/v2/api/authorization/v1api20220401"
	identity "github.com/asogen/asogen/v2/api/managedidentity/v1api20230131"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// readerRoleID is the ARM ID of the built-in Reader role definition.
const readerRoleID = "/subscriptions/00000000-0000-0000-0000-000000000001/providers/Microsoft.Authorization/roleDefinitions/acdd72a7-3385-48ef-bd42-f606fba81ae7"

// newRoleAssignment assigns the Reader role on resource group rg to the principal the ConfigMap
// key names.
func newRoleAssignment(name, rg string, from *genruntime.ConfigMapReference) *authorization.RoleAssignment {
	ra := &authorization.RoleAssignment{ObjectMeta: meta(name)}
	o := resourceGroupOwner(rg)
	ra.Spec.Owner = &o
	ra.Spec.PrincipalIDFromConfig = from
	ra.Spec.RoleDefinitionReference = genruntime.ResourceReference{ARMID: readerRoleID}
	return ra
}

func roleAssignmentID(rg, name string) string {
	return rgID(rg) + "/providers/Microsoft.Authorization/roleAssignments/" + name
}

// putWithPrincipal reports whether a PUT body for id carried "principalId": principal.
func putWithPrincipal(id, principal string) bool {
	for _, r := range requests(id, http.MethodPut) {
		if bytes.Contains(r.Body, []byte(`"principalId":"`+principal+`"`)) {
			return true
		}
	}
	return false
}

// TestChainConfigMapInputs: a role assignment reads its principalId from a ConfigMap. A missing
// ConfigMap, then a missing key, is a Warning naming both, with no PUT; once the key exists the
// PUT carries its value; changing the ConfigMap reconciles the role assignment (through the
// field index) and sends a new PUT.
func TestChainConfigMapInputs(t *testing.T) {
	createResourceGroup(t, "rg-cmin")
	ra := newRoleAssignment("ra-cmin", "rg-cmin", &genruntime.ConfigMapReference{Name: "principals", Key: "app"})
	create(t, ra)
	id := roleAssignmentID("rg-cmin", "ra-cmin")
	cond := waitReason(t, ra, conditions.SeverityWarning, conditions.ReasonConfigMapNotFound.Name)
	if !strings.Contains(cond.Message, `config map "principals" (key "app") does not exist`) {
		t.Errorf("the Warning should name the ConfigMap and the key: %q", cond.Message)
	}
	cm := &corev1.ConfigMap{ObjectMeta: meta("principals"), Data: map[string]string{"other": "x"}}
	create(t, cm)
	waitFor(t, ra, "a Warning naming the missing key", func(c conditions.Condition) bool {
		return strings.Contains(c.Message, `config map "principals" in namespace "`+namespace+`" has no key "app"`)
	})
	if n := len(requests(id, http.MethodPut)); n != 0 {
		t.Fatalf("%d PUTs without the principal", n)
	}

	modify(t, cm, func() { cm.Data["app"] = "11111111-1111-1111-1111-111111111111" })
	waitReady(t, ra)
	waitUntil(t, "a PUT carrying the principal", func() bool { return putWithPrincipal(id, "11111111-1111-1111-1111-111111111111") })
	modify(t, cm, func() { cm.Data["app"] = "22222222-2222-2222-2222-222222222222" })
	waitUntil(t, "a PUT carrying the changed principal", func() bool { return putWithPrincipal(id, "22222222-2222-2222-2222-222222222222") })
}

// TestChainConfigMapInputExactlyOne: the API server refuses both principalId and
// principalIdFromConfig, and neither.
func TestChainConfigMapInputExactlyOne(t *testing.T) {
	both := newRoleAssignment("ra-both", "rg-any", &genruntime.ConfigMapReference{Name: "principals", Key: "app"})
	both.Spec.PrincipalID = ptr("11111111-1111-1111-1111-111111111111")
	neither := newRoleAssignment("ra-neither", "rg-any", nil)
	for _, ra := range []*authorization.RoleAssignment{both, neither} {
		err := suite.kube.Create(context.Background(), ra)
		if err == nil || !strings.Contains(err.Error(), "set exactly one of principalId and principalIdFromConfig") {
			t.Errorf("%s: create returned %v; want the exactly-one rule", ra.Name, err)
		}
	}
}

// TestChainIdentityToRoleAssignment is the real chain: a user-assigned identity exports its
// principalId into a ConfigMap, a role assignment on a resource group (an extension resource)
// reads it through principalIdFromConfig, and the ARM test server receives the role
// assignment's PUT with the principal ID Azure gave the identity.
func TestChainIdentityToRoleAssignment(t *testing.T) {
	createResourceGroup(t, "rg-chain")
	ra := newRoleAssignment("ra-chain", "rg-chain", &genruntime.ConfigMapReference{Name: "builder-identity", Key: "principalId"})
	ra.Spec.AzureName = "6f1c2d2a-51a6-4c3e-9d6a-7a0f4f1e2b3c"
	create(t, ra) // before the identity: it waits for the ConfigMap
	waitReason(t, ra, conditions.SeverityWarning, conditions.ReasonConfigMapNotFound.Name)
	id := newIdentity("builder", "rg-chain", &identity.UserAssignedIdentityOperatorConfigMaps{
		PrincipalID: &genruntime.ConfigMapDestination{Name: "builder-identity", Key: "principalId"},
	})
	create(t, id)
	waitReady(t, id)
	waitReady(t, ra)
	principal, _, _ := armserver.IdentityIDs(identityARMID("rg-chain", "builder"))
	raID := roleAssignmentID("rg-chain", "6f1c2d2a-51a6-4c3e-9d6a-7a0f4f1e2b3c")
	if !putWithPrincipal(raID, principal) {
		t.Fatalf("no role assignment PUT at %s carries principalId %s; requests: %+v", raID, principal, requests(raID, http.MethodPut))
	}
	if v := apiVersions(raID, http.MethodPut); len(v) == 0 || v[0] != "2022-04-01" {
		t.Errorf("role assignment PUT at api-versions %v, want 2022-04-01", v)
	}
}
