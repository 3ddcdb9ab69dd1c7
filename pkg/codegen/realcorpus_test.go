package codegen

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/fileset"
)

// realCorpusConfigFile covers every resource of the real specs, with the directives for the
// corpus's missing Network files (shared with pkg/openapi's real-corpus tests).
const realCorpusConfigFile = "testdata/realcorpus/config.yaml"

// realCorpusParent holds the temporary output tree: inside the module, so the generated code
// resolves the runtime packages, and under testdata, so ./... never matches it.
const realCorpusParent = "pkg/codegen/testdata"

// TestRealCorpusCompiles generates every resource of the real specs in process, writes the
// files (asogen's deepcopy files included) into a temporary folder inside the module and
// type-checks them with go vet; controller-gen's CRD generator accepts every validation
// marker the real specs produce. It also asserts PrivateEndpoint's real fields.
func TestRealCorpusCompiles(t *testing.T) {
	t.Parallel()
	realCorpusSpecs(t)
	if testing.Short() {
		t.Skip("runs controller-gen and the go tool")
	}
	root := repoRoot(t)
	rel := realCorpusDir(t, root)
	start := time.Now()
	files := generateRealCorpus(t, root, rel)
	t.Logf("generated %d files in %v", len(files), time.Since(start).Round(time.Millisecond))
	checkPrivateEndpointSource(t, files, rel)
	for p, b := range files {
		writeFile(t, filepath.Join(root, filepath.FromSlash(p)), b)
	}
	pattern := "./" + rel + "/..."
	crdDir := filepath.Join(root, filepath.FromSlash(rel), "crd")
	goTool(t, root, "tool", "controller-gen", "crd:allowDangerousTypes=true", "paths="+pattern, "output:crd:dir="+crdDir)
	t.Logf("controller-gen done at %v", time.Since(start).Round(time.Millisecond))
	checkCRDValidation(t, crdDir)
	goTool(t, root, "vet", pattern)
	t.Logf("go vet done at %v", time.Since(start).Round(time.Millisecond))
}

// realCorpusSpecs skips when ASOGEN_AZURE_SPECS is unset and fails when it names no corpus.
func realCorpusSpecs(tb testing.TB) {
	tb.Helper()
	dir := os.Getenv("ASOGEN_AZURE_SPECS")
	if dir == "" {
		tb.Skip("ASOGEN_AZURE_SPECS is not set")
	}
	if _, err := os.Stat(filepath.Join(dir, "specification")); err != nil {
		tb.Fatalf("ASOGEN_AZURE_SPECS=%s: %v", dir, err)
	}
}

// realCorpusDir creates the temporary output folder and returns it relative to root; it is
// removed when the test ends (KEEP_FIXTURE keeps it for inspection).
func realCorpusDir(t *testing.T, root string) string {
	return moduleTempDir(t, root, "tmp-realcorpus-")
}

// moduleTempDir creates a temporary folder under pkg/codegen/testdata (inside the module, so the
// generated code resolves the runtime packages; under testdata, so ./... never matches it) and
// returns it relative to root; it is removed when the test ends (KEEP_FIXTURE keeps it).
func moduleTempDir(t *testing.T, root, prefix string) string {
	parent := filepath.Join(root, filepath.FromSlash(realCorpusParent))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp(parent, prefix)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("KEEP_FIXTURE") == "" {
		t.Cleanup(func() {
			os.RemoveAll(dir)
			os.Remove(parent) // only when empty: another run may be using it
		})
	}
	return path.Join(realCorpusParent, filepath.Base(dir))
}

// generateRealCorpus loads the real-corpus config with its output moved below rel (relative to
// the module root) and runs the whole pipeline.
func generateRealCorpus(t *testing.T, root, rel string) fileset.FileSet {
	files := generateInMemory(t, realCorpusConfig(t, root, rel))
	for p := range files {
		if !strings.HasPrefix(p, rel+"/") {
			t.Fatalf("generated file %s outside %s", p, rel)
		}
	}
	return files
}

// realCorpusConfig loads the real-corpus config with the module root as its folder and the
// output roots below rel.
func realCorpusConfig(tb testing.TB, root, rel string) *config.Config {
	return loadCorpusConfig(tb, root, realCorpusConfigFile, rel)
}

// checkPrivateEndpointSource asserts the real PrivateEndpoint fields in the generated Go types.
func checkPrivateEndpointSource(t *testing.T, files fileset.FileSet, rel string) {
	for _, v := range []string{"v1api20220701", "v1api20240301"} {
		src := privateEndpointTypes(t, files, rel, v)
		spec := goStruct(t, src, "PrivateEndpoint_Spec")
		hasField(t, v, spec, "Subnet", `\*genruntime\.ResourceReference`, "subnet")
		hasField(t, v, spec, "ManualPrivateLinkServiceConnections", `\[\]PrivateLinkServiceConnection`, "manualPrivateLinkServiceConnections")
		hasField(t, v, spec, "CustomNetworkInterfaceName", `\*string`, "customNetworkInterfaceName")
		hasField(t, v, spec, "IPConfigurations", `\[\]PrivateEndpointIPConfiguration`, "ipConfigurations")
		status := goStruct(t, src, "PrivateEndpoint_STATUS")
		hasField(t, v, status, "ProvisioningState", `\*\w+`, "provisioningState")
		nics := hasField(t, v, status, "NetworkInterfaces", `\[\]\w+`, "networkInterfaces")
		hasField(t, v, goStruct(t, src, strings.TrimPrefix(nics, "[]")), "ID", `\*string`, "id")
	}
	src := privateEndpointTypes(t, files, rel, "v1api20240301")
	conn := goStruct(t, src, "PrivateLinkServiceConnection_STATUS")
	state := hasField(t, "v1api20240301", conn, "PrivateLinkServiceConnectionState", `\*\w+`, "privateLinkServiceConnectionState")
	hasField(t, "v1api20240301", goStruct(t, src, strings.TrimPrefix(state, "*")), "Status", `\*string`, "status")
}

func privateEndpointTypes(t *testing.T, files fileset.FileSet, rel, version string) string {
	t.Helper()
	p := path.Join(rel, "api", "network", version, "private_endpoint_types_gen.go")
	b, ok := files[p]
	if !ok {
		t.Fatalf("no %s", p)
	}
	return string(b)
}

// goStruct returns the body of `type name struct {...}` in src.
func goStruct(t *testing.T, src, name string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)\ntype ` + regexp.QuoteMeta(name) + ` struct \{\n(.*?)\n\}\n`).FindStringSubmatch(src)
	if m == nil {
		t.Fatalf("no struct %s", name)
	}
	return m[1]
}

// hasField checks `Name Type json:"jsonName,..."` in a struct body and returns the field's type.
func hasField(t *testing.T, version, body, name, typ, json string) string {
	t.Helper()
	re := regexp.MustCompile(`(?m)^\s*` + name + `\s+(` + typ + `)\s+` + "`" + `json:"` + json + `[,"]`)
	m := re.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("%s: no field %s %s (json %q) in:\n%s", version, name, typ, json, body)
	}
	return m[1]
}

// checkCRDValidation asserts that the real specs' constraints reached the CRDs: the storage
// account name's length (from the PUT path's parameter) and AKS agent pool name's pattern.
func checkCRDValidation(t *testing.T, dir string) {
	t.Helper()
	want := map[string][]string{
		"storage.azure.com_storageaccounts.yaml":          {"maxLength: 24", "minLength: 3"},
		"containerservice.azure.com_managedclusters.yaml": {"pattern: ^[a-z][a-z0-9]{0,11}$", "maximum: 1440"},
		"cache.azure.com_patchschedules.yaml":             {"pattern: ^default$"},
	}
	for file, parts := range want {
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range parts {
			if !strings.Contains(string(b), p) {
				t.Errorf("%s lacks %q", file, p)
			}
		}
	}
}
