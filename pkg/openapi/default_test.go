package openapi

import (
	"path/filepath"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

// TestBuildDefaultConfig builds the project's own config.yaml over specs/ and checks the fields
// that hand-written extensions read from the hub versions.
func TestBuildDefaultConfig(t *testing.T) {
	t.Parallel()
	cfg, err := config.Load(filepath.Join("..", "..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := buildDisk(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Kinds) != 11 {
		t.Fatalf("kinds: %d", len(m.Kinds))
	}
	pe, _ := m.Kind("network", "PrivateEndpoint")
	if pe.Hub != astmodel.APIPackage("network", "2024-03-01").StorageRef() || pe.Extensions[0] != "PostReconciliationChecker" {
		t.Errorf("PrivateEndpoint kind: %+v", pe)
	}
	hub := astmodel.APIPackage("network", "2024-03-01")
	status := mustObject(t, m, hub, "PrivateEndpoint_STATUS")
	for _, conns := range []string{"ManualPrivateLinkServiceConnections", "PrivateLinkServiceConnections"} {
		elem := mustProp(t, m, status, conns).Type.(*astmodel.ArrayType).Elem.(astmodel.TypeName)
		conn := mustObject(t, m, hub, elem.Name)
		mustProp(t, m, conn, "Name")
		mustProp(t, m, conn, "ID")
		state := mustProp(t, m, conn, "PrivateLinkServiceConnectionState").Type.(astmodel.TypeName)
		mustProp(t, m, mustObject(t, m, hub, state.Name), "Status")
	}
	if _, ok := mustObject(t, m, astmodel.APIPackage("network", "2022-07-01"), "PrivateEndpoint_Spec").Property("IPVersionType"); ok {
		t.Error("2022-07-01 has the 2024-03-01-only ipVersionType")
	}
	mustProp(t, m, mustObject(t, m, hub, "PrivateEndpoint_Spec"), "IPVersionType")
	kusto := astmodel.APIPackage("kusto", "2022-12-29")
	cluster := mustObject(t, m, kusto, "Cluster_STATUS")
	checkEnum(t, m, mustProp(t, m, cluster, "State"), 10)
	checkEnum(t, m, mustProp(t, m, cluster, "ProvisioningState"), 7)
	aks := mustObject(t, m, astmodel.APIPackage("containerservice", "2023-10-01"), "ManagedCluster_STATUS")
	if p := mustProp(t, m, aks, "ProvisioningState"); p.Type != astmodel.StringType {
		t.Errorf("ManagedCluster provisioningState: %#v", p.Type)
	}
	db, _ := m.Kind("kusto", "Database")
	if db.Owner == nil || *db.Owner != (astmodel.OwnerKind{Group: "kusto", Kind: "Cluster"}) {
		t.Errorf("Database owner: %+v", db.Owner)
	}
	// /{resourceUri}/providers/Microsoft.Insights/diagnosticSettings/{name}: any resource owns it.
	if ds, _ := m.Kind("insights", "DiagnosticSetting"); ds == nil || !ds.ArbitraryOwner() || ds.ARMType != "Microsoft.Insights/diagnosticSettings" {
		t.Errorf("DiagnosticSetting kind: %+v", ds)
	}
	// The chain's two real kinds: an identity under a resource group, a role assignment on any scope.
	if ra, _ := m.Kind("authorization", "RoleAssignment"); ra == nil || !ra.ArbitraryOwner() || ra.ARMType != "Microsoft.Authorization/roleAssignments" {
		t.Errorf("RoleAssignment kind: %+v", ra)
	}
	raSpec := mustObject(t, m, astmodel.APIPackage("authorization", "2022-04-01"), "RoleAssignment_Spec")
	if p := mustProp(t, m, raSpec, "PrincipalID"); p.Required || p.ConfigInput != astmodel.ConfigInputRequired {
		t.Errorf("principalId should be a required config input: %+v", p)
	}
	if p := mustProp(t, m, raSpec, "PrincipalIDFromConfig"); p.Type != astmodel.ConfigMapReferenceType || p.JSONName != "principalIdFromConfig" {
		t.Errorf("principalIdFromConfig: %+v", p)
	}
	if id, _ := m.Kind("managedidentity", "UserAssignedIdentity"); id == nil || id.ArbitraryOwner() || id.ARMType != "Microsoft.ManagedIdentity/userAssignedIdentities" {
		t.Errorf("UserAssignedIdentity kind: %+v", id)
	}
}

func checkEnum(t *testing.T, m *astmodel.Model, p astmodel.Property, values int) {
	t.Helper()
	d, ok := m.Lookup(p.Type.(astmodel.TypeName))
	e, isEnum := d.(*astmodel.Enum)
	if !ok || !isEnum || len(e.Values) != values {
		t.Errorf("%s: want an enum of %d values, got %#v", p.Name, values, d)
	}
}
