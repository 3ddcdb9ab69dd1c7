package openapi

import (
	"path/filepath"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

// buildRealSpecs builds the fetched real-spec corpus (testdata/realspecs, see its SOURCES.md).
func buildRealSpecs(t *testing.T) *astmodel.Model {
	t.Helper()
	cfg, err := config.Load(filepath.Join("..", "..", "testdata", "realspecs", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := buildDisk(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRealSpecsReadOnlyDefinition: Grafana 2022-08-01's provisioningState names the spec's own
// ProvisioningState enum, which is read-only on the definition only: it stays out of the Spec's
// properties and is in Status.
func TestRealSpecsReadOnlyDefinition(t *testing.T) {
	t.Parallel()
	m := buildRealSpecs(t)
	ref := astmodel.APIPackage("dashboard", "2022-08-01")
	if _, ok := mustObject(t, m, ref, "ManagedGrafanaProperties").Property("ProvisioningState"); ok {
		t.Error("read-only provisioningState (read-only on its definition) is in Spec")
	}
	mustProp(t, m, mustObject(t, m, ref, "ManagedGrafanaProperties_STATUS"), "ProvisioningState")
	if _, ok := mustObject(t, m, ref, "Grafana_Spec").Property("SystemData"); ok {
		t.Error("systemData is in Spec")
	}
}

// TestRealSpecsNameConstraints: the name parameters of the fetched specs constrain AzureName
// (PowerBIDedicated's capacity name pattern and length, Relay's namespace length).
func TestRealSpecsNameConstraints(t *testing.T) {
	t.Parallel()
	m := buildRealSpecs(t)
	cases := []struct {
		ref  astmodel.PackageRef
		kind string
		want astmodel.Validation
	}{
		{astmodel.APIPackage("powerbidedicated", "2021-01-01"), "Capacity", astmodel.Validation{Pattern: "^[a-z][a-z0-9]*$", MinLength: ptr[int64](3), MaxLength: ptr[int64](63)}},
		{astmodel.APIPackage("relay", "2016-07-01"), "Namespace", astmodel.Validation{MinLength: ptr[int64](6), MaxLength: ptr[int64](50)}},
	}
	for _, c := range cases {
		got := mustProp(t, m, mustObject(t, m, c.ref, c.kind+"_Spec"), "AzureName").Validation
		if got == nil || !sameValidation(*got, c.want) {
			t.Errorf("%s AzureName: got %s, want %s", c.kind, show(got), show(&c.want))
		}
	}
}

// TestRealSpecsRenamedKinds: Relay and NotificationHubs both define Namespace and
// AuthorizationRule; each group keeps its own, and the config's `kind` with `specKind:
// Parent/Kind` gives the rule under a hybrid connection, a WCF relay or a notification hub a
// kind of its own, owned by that parent (ARM types spelled as the spec's paths are).
func TestRealSpecsRenamedKinds(t *testing.T) {
	t.Parallel()
	m := buildRealSpecs(t)
	cases := []struct {
		group, version, kind, owner, armType string
	}{
		{"relay", "2016-07-01", "Namespace", "ResourceGroup", "Microsoft.Relay/namespaces"},
		{"notificationhubs", "2017-04-01", "Namespace", "ResourceGroup", "Microsoft.NotificationHubs/namespaces"},
		{"relay", "2016-07-01", "HybridConnectionAuthorizationRule", "HybridConnection", "Microsoft.Relay/namespaces/HybridConnections/authorizationRules"},
		{"relay", "2016-07-01", "WcfRelayAuthorizationRule", "WcfRelay", "Microsoft.Relay/namespaces/WcfRelays/authorizationRules"},
		{"notificationhubs", "2017-04-01", "NotificationHubAuthorizationRule", "NotificationHub", "Microsoft.NotificationHubs/namespaces/notificationHubs/AuthorizationRules"},
	}
	for _, c := range cases {
		res, ok := m.Packages[astmodel.APIPackage(c.group, c.version)].Definitions[c.kind].(*astmodel.Resource)
		if !ok {
			t.Errorf("%s: no resource %s", c.group, c.kind)
			continue
		}
		owner := ""
		if res.Owner != nil {
			owner = res.Owner.Kind
		}
		if owner != c.owner || res.ARMType != c.armType {
			t.Errorf("%s %s: owner %q, ARM type %q; want %q, %q", c.group, c.kind, owner, res.ARMType, c.owner, c.armType)
		}
	}
}
