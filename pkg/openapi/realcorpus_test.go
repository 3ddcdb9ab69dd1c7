package openapi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

// realCorpusFile covers every resource of the shared copy of azure-rest-api-specs. The 2022-07-01
// Network folder lacks networkInterface.json and privateLinkService.json (see its SOURCES.md), so
// its directives say how to treat the two definitions the PrivateEndpoint needs from them.
var realCorpusFile = filepath.Join("..", "..", "testdata", "realcorpus", "config.yaml")

// realCorpusConfig returns the real-corpus config, with or without its directives section.
func realCorpusConfig(tb testing.TB, directives bool) string {
	tb.Helper()
	data, err := os.ReadFile(realCorpusFile)
	if err != nil {
		tb.Fatal(err)
	}
	text := string(data)
	if !directives {
		text, _, _ = strings.Cut(text, "\ndirectives:")
	}
	return text
}

// realSpecs returns the corpus folder, skipping when ASOGEN_AZURE_SPECS is unset and failing
// when it is set but the folder is missing.
func realSpecs(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("ASOGEN_AZURE_SPECS")
	if dir == "" {
		tb.Skip("ASOGEN_AZURE_SPECS is not set")
	}
	if _, err := os.Stat(filepath.Join(dir, "specification")); err != nil {
		tb.Fatalf("ASOGEN_AZURE_SPECS=%s: %v", dir, err)
	}
	return dir
}

func loadConfigText(tb testing.TB, text string) *config.Config {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		tb.Fatal(err)
	}
	cfg, err := config.Load(path)
	if err != nil {
		tb.Fatal(err)
	}
	return cfg
}

func buildRealCorpus(tb testing.TB, directives bool) (*astmodel.Model, error) {
	realSpecs(tb)
	return buildDisk(loadConfigText(tb, realCorpusConfig(tb, directives)))
}

func TestBuildRealCorpus(t *testing.T) {
	t.Parallel()
	m, err := buildRealCorpus(t, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Kinds) != 9 {
		t.Fatalf("want 9 kinds, got %d", len(m.Kinds))
	}
	for _, v := range []string{"2022-07-01", "2024-03-01"} {
		checkRealPrivateEndpoint(t, m, v)
	}
	status := mustObject(t, m, astmodel.APIPackage("network", "2024-03-01"), "PrivateLinkServiceConnection_STATUS")
	state := mustProp(t, m, status, "PrivateLinkServiceConnectionState")
	stateObj := mustObject(t, m, state.Type.(astmodel.TypeName).Package, state.Type.(astmodel.TypeName).Name)
	if p := mustProp(t, m, stateObj, "Status"); p.Type != astmodel.StringType {
		t.Errorf("privateLinkServiceConnectionState.status: %#v", p.Type)
	}
	if got := strings.Join(state.ARMJSONPath(), "."); got != "properties.privateLinkServiceConnectionState" {
		t.Errorf("ARM path %s", got)
	}
}

func checkRealPrivateEndpoint(t *testing.T, m *astmodel.Model, version string) {
	ref := astmodel.APIPackage("network", version)
	spec := mustObject(t, m, ref, "PrivateEndpoint_Spec")
	subnet := mustProp(t, m, spec, "Subnet")
	if !subnet.Reference || subnet.Type != astmodel.ResourceReferenceType || !subnet.IsFlattened() {
		t.Errorf("%s Subnet: %+v", version, subnet)
	}
	for _, name := range []string{"ManualPrivateLinkServiceConnections", "CustomNetworkInterfaceName", "IPConfigurations", "Location", "Tags", "Owner", "AzureName"} {
		mustProp(t, m, spec, name)
	}
	for _, name := range []string{"ProvisioningState", "NetworkInterfaces", "ID", "Etag"} {
		if _, ok := spec.Property(name); ok {
			t.Errorf("%s spec has read-only %s", version, name)
		}
	}
	status := mustObject(t, m, ref, "PrivateEndpoint_STATUS")
	mustProp(t, m, status, "ProvisioningState")
	mustProp(t, m, status, "Conditions")
	nics := mustProp(t, m, status, "NetworkInterfaces")
	elem := nics.Type.(*astmodel.ArrayType).Elem.(astmodel.TypeName)
	nic := mustObject(t, m, elem.Package, elem.Name)
	if len(nic.Properties) != 1 || nic.Properties[0].Name != "ID" || !nics.Reference {
		t.Errorf("%s networkInterfaces: %+v", version, nic)
	}
}

func mustObject(t *testing.T, m *astmodel.Model, ref astmodel.PackageRef, name string) *astmodel.Object {
	t.Helper()
	o, ok := m.Packages[ref].Object(name)
	if !ok {
		t.Fatalf("no object %s in %s", name, ref)
	}
	return o
}

func mustProp(t *testing.T, _ *astmodel.Model, o *astmodel.Object, name string) astmodel.Property {
	t.Helper()
	p, ok := o.Property(name)
	if !ok {
		t.Fatalf("%s has no property %s; has %v", o.Name, name, propNames(o))
	}
	return p
}

func propNames(o *astmodel.Object) []string {
	var out []string
	for _, p := range o.Properties {
		out = append(out, p.Name)
	}
	return out
}

func TestBuildRealCorpusWithoutDirectives(t *testing.T) {
	t.Parallel()
	_, err := buildRealCorpus(t, false)
	if err == nil {
		t.Fatal("want an error for the missing Network files")
	}
	msg := err.Error()
	for _, want := range []string{
		"privateEndpoint.json:",
		`cannot resolve $ref "./networkInterface.json#/definitions/NetworkInterface"`,
		"networkInterface.json does not exist (JSON pointer /definitions/NetworkInterface)",
		`- match: "network/2022-07-01:NetworkInterface"`,
		`- match: "network/2022-07-01:PrivateLinkServiceConnectionState"`,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q:\n%s", want, msg)
		}
	}
}
