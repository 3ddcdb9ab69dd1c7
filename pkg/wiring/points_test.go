package wiring_test

import (
	"fmt"
	"go/format"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/asogen/asogen/internal/wiringtest"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/migrate"
	"github.com/asogen/asogen/pkg/scaffold"
	"github.com/asogen/asogen/pkg/wiring"
)

// fixtureLayout is the layout of the default project.
var fixtureLayout = wiring.Layout{Module: wiringtest.Module, APIRoot: wiringtest.APIRoot, RegistryDir: wiringtest.RegistryDir}

var loadConfig = wiringtest.LoadConfig

// allPointNames lists every extension point of the table.
func allPointNames() []string {
	var names []string
	for _, p := range wiring.Points {
		names = append(names, p.Name)
	}
	return names
}

// allPointsModel has network PrivateEndpoint (two versions) with every extension point, owned by
// a resource group of two versions, so both its hub and its owner's hub can move.
func allPointsModel() *astmodel.Model { return wiringtest.AllPointsModel(allPointNames()) }

const pointsConfig = `module: github.com/asogen/asogen
specRoot: specs
groups:
  - name: resources
    path: specification/resources/resource-manager/Microsoft.Resources
  - name: network
    path: specification/network/resource-manager/Microsoft.Network
resources:
  - group: resources
    kind: ResourceGroup
    versions: ["2020-06-01", "2021-04-01"]
  - group: network
    kind: PrivateEndpoint
    versions: ["2022-07-01", "2024-03-01"]
    extensions: [%s]
`

// pointsProject is a project with the module's go.mod, the config above listing extensions, and
// the given hand-written files.
func pointsProject(t *testing.T, extensions []string, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	wiringtest.CopyModule(t, dir)
	wiringtest.WriteFile(t, dir, "config.yaml", fmt.Sprintf(pointsConfig, strings.Join(extensions, ", ")))
	wiringtest.WriteFile(t, dir, "v2/api/network/customizations/doc.go", "package customizations\n")
	for rel, content := range files {
		wiringtest.WriteFile(t, dir, rel, content)
	}
	return dir
}

// pointsKind returns the PrivateEndpoint of allPointsModel.
func pointsKind(t *testing.T, m *astmodel.Model) *astmodel.Kind {
	t.Helper()
	k, ok := m.Kind("network", "PrivateEndpoint")
	if !ok {
		t.Fatal("no PrivateEndpoint")
	}
	return k
}

// scaffolds renders the scaffold of every point, by hand-written file path.
func scaffolds(t *testing.T, m *astmodel.Model) map[string]string {
	t.Helper()
	k := pointsKind(t, m)
	out := map[string]string{}
	for _, p := range wiring.Points {
		s, err := wiring.Bind(fixtureLayout, m, k, p)
		if err != nil {
			t.Fatal(err)
		}
		content, err := scaffold.Render(s)
		if err != nil {
			t.Fatal(err)
		}
		out[fixtureLayout.HandWrittenFile(k, p)] = string(content)
	}
	return out
}

// TestExtensionCheckerMissing: every configured point without its method is reported at the
// config entry, with the file to create and its signature.
func TestExtensionCheckerMissing(t *testing.T) {
	t.Parallel()
	m := allPointsModel()
	dir := pointsProject(t, allPointNames(), nil)
	rep := checkModel(t, dir, m)
	for _, p := range wiring.Points {
		want := fmt.Sprintf("is configured with %s, but no hand-written %s method exists on *PrivateEndpointExtension", p.Name, p.HandWritten)
		wantOneError(t, rep, "config.yaml:", want, fixtureLayout.HandWrittenFile(pointsKind(t, m), p))
	}
	if len(rep.Errors) != len(wiring.Points) {
		t.Errorf("%d errors, want one per point:\n%v", len(rep.Errors), rep.Errors)
	}
}

// TestExtensionCheckerUnlisted: every written method of a point that is not configured is
// reported at the method, with the extensions line to add.
func TestExtensionCheckerUnlisted(t *testing.T) {
	t.Parallel()
	m := allPointsModel()
	k := pointsKind(t, m)
	k.Extensions = nil
	dir := pointsProject(t, nil, scaffolds(t, allPointsModel()))
	rep := checkModel(t, dir, m)
	for _, p := range wiring.Points {
		wantOneError(t, rep, fixtureLayout.HandWrittenFile(k, p)+":",
			fmt.Sprintf("%s on *PrivateEndpointExtension implements %s, which is not configured", p.HandWritten, p.Name),
			"extensions: ["+p.Name+"]")
	}
}

// TestExtensionCheckerWrongHub: every point's method typed against an older hub (of the kind, or
// of the owner for the owner checker) is a hub move at the parameter.
func TestExtensionCheckerWrongHub(t *testing.T) {
	t.Parallel()
	m := allPointsModel()
	files := map[string]string{}
	for rel, content := range scaffolds(t, m) {
		files[rel] = olderHubs(content)
	}
	rep := checkModel(t, pointsProject(t, allPointNames(), files), m)
	k := pointsKind(t, m)
	for _, p := range wiring.Points {
		s, _ := wiring.Bind(fixtureLayout, m, k, p)
		i := slices.IndexFunc(s.Params, func(t wiring.Typed) bool { return t.Role == wiring.Obj })
		if i < 0 {
			i = slices.IndexFunc(s.Params, func(t wiring.Typed) bool { return t.Role == wiring.Owner })
		}
		hub := s.Params[i]
		wantOneError(t, rep, fixtureLayout.HandWrittenFile(k, p)+":",
			p.HandWritten+" takes "+hub.Name, "the storage type of an older version", wiring.MigrateCommand)
	}
	if len(rep.Moves) != len(wiring.Points) || len(rep.Errors) != len(wiring.Points) {
		t.Errorf("%d moves, %d errors; want one of each per point:\n%v", len(rep.Moves), len(rep.Errors), rep.Errors)
	}
}

// olderHubs retypes hand-written code against the older hubs of PrivateEndpoint and ResourceGroup.
func olderHubs(content string) string {
	return strings.NewReplacer("20240301", "20220701", "20210401", "20200601").Replace(content)
}

// TestExtensionMigrateHubAllSevenPoints: one customization file implementing all seven points
// against the older hubs; --migrate-hub's Migrate rewrites it to the current hubs, byte for byte
// what scaffold writes today, and the checker is then satisfied.
func TestExtensionMigrateHubAllSevenPoints(t *testing.T) {
	t.Parallel()
	m := allPointsModel()
	const rel = "v2/api/network/customizations/private_endpoint_extensions.go"
	current := oneFile(t, scaffolds(t, m))
	dir := pointsProject(t, allPointNames(), map[string]string{rel: olderHubs(current)})
	if n := len(checkModel(t, dir, m).Moves); n != len(wiring.Points) {
		t.Fatalf("%d hub moves before migration, want %d", n, len(wiring.Points))
	}
	cfg := loadConfig(t, dir)
	rewritten, err := migrate.Run(cfg, m, inputs.HandWritten(cfg, os.Environ(), nil))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rewritten, []string{rel}) {
		t.Fatalf("rewritten %v, want [%s]", rewritten, rel)
	}
	got, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != current {
		t.Errorf("migrated file:\n%s\nwant:\n%s", got, current)
	}
	if err := checkModel(t, dir, m).Err(); err != nil {
		t.Fatalf("after migration:\n%v", err)
	}
}

// oneFile merges scaffold outputs into one gofmt-clean file: the union of their imports, then
// every method.
func oneFile(t *testing.T, files map[string]string) string {
	t.Helper()
	var imports, bodies []string
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		head, body, ok := strings.Cut(files[rel], "\n)\n")
		if !ok {
			t.Fatalf("%s has no import block", rel)
		}
		_, block, _ := strings.Cut(head, "import (\n")
		for _, line := range strings.Split(block, "\n") {
			if line = strings.TrimSpace(line); line != "" {
				imports = append(imports, line)
			}
		}
		bodies = append(bodies, body)
	}
	slices.Sort(imports)
	imports = slices.Compact(imports)
	src := "package customizations\n\nimport (\n\t" + strings.Join(imports, "\n\t") + "\n)\n" + strings.Join(bodies, "")
	out, err := format.Source([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// checkModel runs wiring.Check on the project in dir against model m.
func checkModel(t *testing.T, dir string, m *astmodel.Model) *wiring.Report {
	t.Helper()
	cfg := loadConfig(t, dir)
	rep, err := wiring.Check(cfg, m, inputs.HandWritten(cfg, os.Environ(), nil))
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// wantOneError asserts exactly one error starts (relative or absolute) at pos and contains fragments.
func wantOneError(t *testing.T, rep *wiring.Report, pos string, fragments ...string) {
	t.Helper()
	var found []string
	for _, e := range rep.Errors {
		msg := e.Error()
		if (strings.HasPrefix(msg, pos) || strings.Contains(msg, "/"+pos)) && containsAll(msg, fragments) {
			found = append(found, msg)
		}
	}
	if len(found) != 1 {
		t.Errorf("%d errors at %s containing %q; all errors:\n%v", len(found), pos, fragments, rep.Errors)
	}
}

func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestExtensionCheckerPayloadType: a modifier written against one version's ARM type instead of
// the generated payload type is told the type to use.
func TestExtensionCheckerPayloadType(t *testing.T) {
	t.Parallel()
	m := allPointsModel()
	k := pointsKind(t, m)
	p, _ := wiring.PointNamed("ARMResourceModifier")
	rel := fixtureLayout.HandWrittenFile(k, p)
	files := scaffolds(t, m)
	files[rel] = strings.Replace(files[rel], "payload *PrivateEndpointARMPayload", "payload *network20240301s.PrivateEndpoint", 1)
	rep := checkModel(t, pointsProject(t, allPointNames(), files), m)
	wantOneError(t, rep, rel+":", "parameter 3 (payload) of ModifyARMPayload", "want *PrivateEndpointARMPayload")
	if len(rep.Errors) != 1 || len(rep.Moves) != 0 {
		t.Errorf("want only the payload error:\n%v", rep.Errors)
	}
}
