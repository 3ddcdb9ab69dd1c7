package codegen

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// compileParent holds temporary fixture trees: inside the module (so the runtime resolves),
// under a testdata folder (so ./... never matches them) and below v2/api (so they may import
// v2/api/internal/roundtrip).
const compileParent = "v2/api/internal/roundtrip/testdata"

// TestFixtureCompiles writes the emitted fixture (asogen's deepcopy files included) into the
// module, runs go vet and a property-based round-trip test over every version of the fixture.
func TestFixtureCompiles(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs controller-gen and the go tool")
	}
	root := repoRoot(t)
	parent := filepath.Join(root, filepath.FromSlash(compileParent))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp(parent, "fixture")
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("KEEP_FIXTURE") == "" {
		t.Cleanup(func() { os.RemoveAll(dir) })
	}
	rel := path.Join(compileParent, filepath.Base(dir))
	files := emitFixture(t, rel)
	files[path.Join(rel, "roundtrip_test.go")] = []byte(strings.ReplaceAll(fixtureRoundTrip, "ROOT", rel))
	for p, b := range files {
		writeFile(t, filepath.Join(root, filepath.FromSlash(p)), b)
	}
	pattern := "./" + rel + "/..."
	goTool(t, root, "vet", pattern)
	goTool(t, root, "test", "-count=1", pattern)
}

func writeFile(t *testing.T, p string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func goTool(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func repoRoot(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// fixtureRoundTrip is the test written beside the emitted fixture.
const fixtureRoundTrip = `package fixture

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	v20220101 "github.com/asogen/asogen/ROOT/demo/v1api20220101"
	v20220101s "github.com/asogen/asogen/ROOT/demo/v1api20220101/storage"
	v20230101 "github.com/asogen/asogen/ROOT/demo/v1api20230101"
	hub "github.com/asogen/asogen/ROOT/demo/v1api20230101/storage"
	"github.com/asogen/asogen/v2/api/internal/roundtrip"
	"pgregory.net/rapid"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

func newHub() conversion.Hub { return &hub.Widget{} }

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	versions := map[string]func() conversion.Convertible{
		"v1api20220101":        func() conversion.Convertible { return &v20220101.Widget{} },
		"v1api20220101storage": func() conversion.Convertible { return &v20220101s.Widget{} },
		"v1api20230101":        func() conversion.Convertible { return &v20230101.Widget{} },
	}
	for name, newVersion := range versions {
		t.Run(name, func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) { roundtrip.Check(rt, newVersion, newHub) })
		})
	}
}

func TestSpecToARM(t *testing.T) {
	t.Parallel()
	subnet := genruntime.ResourceReference{Group: "network.azure.com", Kind: "Subnet", Name: "s1"}
	vault := genruntime.ResourceReference{Group: "keyvault.azure.com", Kind: "Vault", Name: "v1"}
	password := genruntime.SecretReference{Name: "admin", Key: "password"}
	size, depth, leader := v20230101.WidgetSize_Large, 3, "l1"
	w := &v20230101.Widget{Spec: v20230101.Widget_Spec{
		Location: "westeurope", Replicas: 2, Size: &size, Subnet: &subnet,
		Tags:     map[string]string{"a": "b"},
		Settings: &v20230101.WidgetSettings{Depth: &depth, Labels: []string{"x"}},
		Mode:     &v20230101.WidgetMode{ReadOnly: &v20230101.ReadOnlyMode{Leader: &leader}},
		AdminPassword: &password, VaultReference: &vault,
	}}
	w.Name = "w1"
	resolved := genruntime.NewResolvedReferences(map[genruntime.ResourceReference]string{
		subnet: "/subscriptions/s/subnets/s1", vault: "/subscriptions/s/vaults/v1"}).
		WithSecrets(map[genruntime.SecretReference]string{password: "hunter2"})
	body, err := w.SpecToARM(resolved)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(body)
	want := ` + "`" + `{"name":"w1","location":"westeurope","properties":{"adminPassword":"hunter2","mode":{"kind":"ReadOnlyFollowing","leader":"l1"},"replicas":2,"settings":{"depth":3,"labels":["x"]},"size":"Large","subnet":{"id":"/subscriptions/s/subnets/s1"},"vaultId":"/subscriptions/s/vaults/v1"},"tags":{"a":"b"}}` + "`" + `
	if string(got) != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if id := w.ARMIDFromOwner("/subscriptions/s/resourceGroups/rg"); id != "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Demo/widgets/w1" {
		t.Fatal(id)
	}
	if _, err := w.SpecToARM(genruntime.ResolvedReferences{}); err == nil {
		t.Fatal("an unresolved reference converted")
	}
	noSecret := genruntime.NewResolvedReferences(map[genruntime.ResourceReference]string{subnet: "/s", vault: "/v"})
	if _, err := w.SpecToARM(noSecret); err == nil || !strings.Contains(err.Error(), "admin/password") {
		t.Fatalf("an unresolved secret converted or was not named: %v", err)
	}
}

func TestStatusFromARM(t *testing.T) {
	t.Parallel()
	w := &v20230101.Widget{}
	status := w.NewARMStatus()
	payload := ` + "`" + `{"id":"/x","location":"l","properties":{"provisioningState":"Succeeded","subnet":{"id":"/s"},"networkInterfaces":[{"id":"/n1"},{"id":"/n2"}],"settings":{"depth":4}}}` + "`" + `
	if err := json.Unmarshal([]byte(payload), status); err != nil {
		t.Fatal(err)
	}
	if err := w.StatusFromARM(status); err != nil {
		t.Fatal(err)
	}
	s := w.Status
	if *s.ID != "/x" || *s.ProvisioningState != "Succeeded" || *s.Subnet != "/s" || len(s.NetworkInterfaces) != 2 ||
		s.NetworkInterfaces[1] != "/n2" || *s.Settings.Depth != 4 {
		t.Fatalf("status not filled: %+v", s)
	}
}
`
