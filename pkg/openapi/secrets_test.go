package openapi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

// TestSecretsAndReferencesFromSpecAndConfig reads every mark: x-ms-secret (also through a $ref),
// format: password, format: arm-id (also on array items), x-ms-arm-id-details, and the config's
// secret and armID directives.
func TestSecretsAndReferencesFromSpecAndConfig(t *testing.T) {
	t.Parallel()
	m, err := buildFixture(t, "secrets")
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("widget", "2024-01-01")
	spec := mustObject(t, m, ref, "Widget_Spec")
	for _, name := range []string{"Password", "Token", "APIKey"} {
		if p := mustProp(t, m, spec, name); p.Type != astmodel.SecretReferenceType || !p.Secret {
			t.Errorf("%s: %+v, want a secret reference", name, p)
		}
	}
	want := map[string][]string{"VaultReference": {"properties", "vaultId"}, "IdentityReference": {"properties", "identity"},
		"BackupReference": {"properties", "backupId"}}
	for name, path := range want {
		p := mustProp(t, m, spec, name)
		if p.Type != astmodel.ResourceReferenceType || strings.Join(p.ARMJSONPath(), ".") != strings.Join(path, ".") {
			t.Errorf("%s: %+v, want a reference at %v", name, p, path)
		}
	}
	if p := mustProp(t, m, spec, "SubnetReferences"); p.Type.(*astmodel.ArrayType).Elem != astmodel.ResourceReferenceType {
		t.Errorf("SubnetReferences: %#v", p.Type)
	}
	status := mustObject(t, m, ref, "Widget_STATUS")
	for _, name := range []string{"Password", "Token", "APIKey", "AccessKey"} {
		if _, ok := status.Property(name); ok {
			t.Errorf("Status holds secret %s", name)
		}
	}
	if p := mustProp(t, m, status, "VaultID"); p.Type != astmodel.StringType {
		t.Errorf("Status VaultID: %#v, want the ID as a string", p.Type)
	}
}

// TestSecretsDirectiveOnNonString: the config may only mark string properties.
func TestSecretsDirectiveOnNonString(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs(fixtureDir("secrets"))
	text := "module: example.com/fixture\nspecRoot: " + dir + "\ngroups:\n  - name: widget\n    path: spec\n" +
		"resources:\n  - group: widget\n    kind: Widget\n    versions: [\"2024-01-01\"]\n" +
		"directives:\n  - match: \"widget/2024-01-01:WidgetProperties.size\"\n    action: secret\n"
	_, err := buildDisk(loadConfigText(t, text))
	if err == nil || !strings.Contains(err.Error(), "widgets.json:") ||
		!strings.Contains(err.Error(), "directive marks WidgetProperties.size as secret, but it is not a string") {
		t.Fatalf("got %v", err)
	}
}

// TestSecretsDirectiveNeedsProperty: secret and armID mark properties, never definitions.
func TestSecretsDirectiveNeedsProperty(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "config.yaml")
	text := "specRoot: .\nmodule: m\ngroups: []\nresources: []\ndirectives:\n  - match: \"widget/2024-01-01:Widget\"\n    action: armID\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := config.Load(path)
	if err == nil || !strings.Contains(err.Error(), "config.yaml:7:13: action \"armID\" marks a property") {
		t.Fatalf("got %v", err)
	}
}

// TestSecretsRealCorpus: in the real specs every secret (x-ms-secret or format: password) string
// property of a Spec is a SecretReference and no Status holds one.
func TestSecretsRealCorpus(t *testing.T) {
	t.Parallel()
	m, err := buildRealCorpus(t, true)
	if err != nil {
		t.Fatal(err)
	}
	refs := 0
	forEachProperty(m, func(o *astmodel.Object, p astmodel.Property) {
		status := strings.Contains(o.Name.Name, "_STATUS")
		switch {
		case p.Secret && status:
			t.Errorf("%s.%s: a secret in Status", o.Name, p.Name)
		case p.Secret && p.Type != astmodel.SecretReferenceType && !isObjectSecret(m, p):
			t.Errorf("%s.%s: secret of type %#v, want genruntime.SecretReference", o.Name, p.Name, p.Type)
		case p.Type == astmodel.SecretReferenceType:
			refs++
		}
	})
	aks := astmodel.APIPackage("containerservice", "2023-10-01")
	for def, prop := range map[string]string{"ManagedClusterServicePrincipalProfile": "Secret", "ManagedClusterWindowsProfile": "AdminPassword"} {
		if p := mustProp(t, m, mustObject(t, m, aks, def), prop); p.Type != astmodel.SecretReferenceType {
			t.Errorf("%s.%s (marked by the config): %#v", def, prop, p.Type)
		}
	}
	kusto := mustObject(t, m, astmodel.APIPackage("kusto", "2022-12-29"), "Cluster_Spec")
	if p := mustProp(t, m, kusto, "VirtualClusterGraduationProperties"); p.Type != astmodel.SecretReferenceType {
		t.Errorf("kusto Cluster virtualClusterGraduationProperties (x-ms-secret): %#v", p.Type)
	}
	if refs < 3 {
		t.Errorf("%d secret references, want at least 3", refs)
	}
}

// TestReferencesRealCorpus: ARM ID properties of the real specs are references in Spec.
func TestReferencesRealCorpus(t *testing.T) {
	t.Parallel()
	m, err := buildRealCorpus(t, true)
	if err != nil {
		t.Fatal(err)
	}
	pool := mustObject(t, m, astmodel.APIPackage("containerservice", "2023-10-01"), "ManagedClusterAgentPoolProfile")
	p := mustProp(t, m, pool, "VnetSubnetReference")
	if p.Type != astmodel.ResourceReferenceType || strings.Join(p.ARMJSONPath(), ".") != "properties.vnetSubnetID" &&
		strings.Join(p.ARMJSONPath(), ".") != "vnetSubnetID" {
		t.Errorf("VnetSubnetReference: %+v", p)
	}
	// userAssignedIdentities (values read-only) are a list of identity references in Spec.
	for _, c := range []struct{ group, version, def string }{
		{"containerservice", "2023-10-01", "ManagedClusterIdentity"}, {"storage", "2023-01-01", "Identity"}, {"kusto", "2022-12-29", "Identity"},
	} {
		ids := mustProp(t, m, mustObject(t, m, astmodel.APIPackage(c.group, c.version), c.def), "UserAssignedIdentities")
		elem, ok := ids.Type.(*astmodel.ArrayType)
		if !ids.IdentityKeys || !ok || elem.Elem.(astmodel.TypeName).Name != "UserAssignedIdentityDetails" {
			t.Errorf("%s %s.userAssignedIdentities: %+v", c.group, c.def, ids)
		}
	}
}

// isObjectSecret reports a spec-marked secret that is not a string (kept as it is).
func isObjectSecret(m *astmodel.Model, p astmodel.Property) bool {
	_, isString := replaceString(p.Type, astmodel.SecretReferenceType, false)
	return !isString
}

func forEachProperty(m *astmodel.Model, visit func(*astmodel.Object, astmodel.Property)) {
	for _, pkg := range m.SortedPackages() {
		for _, d := range pkg.Sorted() {
			if o, ok := d.(*astmodel.Object); ok {
				for _, p := range o.Properties {
					visit(o, p)
				}
			}
		}
	}
}
