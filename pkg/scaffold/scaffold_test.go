package scaffold

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/asogen/asogen/internal/wiringtest"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/naming"
	"github.com/asogen/asogen/pkg/wiring"
)

func TestScaffoldWritesMissingExtensions(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project")
	removeFile(t, dir, "v2/api/kusto/customizations/cluster_extensions.go")
	written, err := scaffoldLoaded(t, loadConfig(t, dir), wiringtest.Model(), "kusto/Cluster")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"v2/api/kusto/customizations/cluster_pre_reconciliation_checker.go",
		"v2/api/kusto/customizations/cluster_post_reconciliation_checker.go",
	}
	if !slices.Equal(written, want) {
		t.Fatalf("written %v, want %v", written, want)
	}
	if err := checkProject(t, dir).Err(); err != nil {
		t.Fatalf("scaffolded code does not satisfy the checker:\n%v", err)
	}
}

// TestScaffoldGolden pins the scaffold of every extension point.
func TestScaffoldGolden(t *testing.T) {
	t.Parallel()
	m := wiringtest.Model()
	g := goldie.New(t, goldie.WithFixtureDir("../../testdata/golden/wiring/scaffold"), goldie.WithNameSuffix(".golden"))
	for _, k := range m.Kinds {
		for _, p := range wiring.KindPoints(k.Extensions) {
			s, err := wiring.Bind(fixtureLayout, m, k, p)
			if err != nil {
				t.Fatal(err)
			}
			content, err := Render(s)
			if err != nil {
				t.Fatal(err)
			}
			g.Assert(t, k.Group+"_"+naming.Snake(k.Name)+"_"+naming.Snake(p.Name), content)
		}
	}
}

func TestScaffoldNeverOverwrites(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project")
	file := "v2/api/containerservice/customizations/managed_cluster_pre_reconciliation_checker.go"
	writeFile(t, dir, file, "package customizations\n\n// Notes kept by hand.\n")
	before := treeDigest(t, dir)
	written, err := scaffoldLoaded(t, loadConfig(t, dir), wiringtest.Model(), "containerservice/ManagedCluster")
	if err == nil || !strings.Contains(err.Error(), "refusing to overwrite") || !strings.Contains(err.Error(), file) {
		t.Fatalf("want a refusal naming %s, got %v", file, err)
	}
	if len(written) != 0 || treeDigest(t, dir) != before {
		t.Fatal("scaffold changed the tree")
	}
}

func TestScaffoldSkipsWrittenExtensions(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project")
	written, err := scaffoldLoaded(t, loadConfig(t, dir), wiringtest.Model(), "network/PrivateEndpoint")
	if err != nil || len(written) != 0 {
		t.Fatalf("written %v, err %v", written, err)
	}
}

func TestScaffoldBadTargets(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project")
	cfg := loadConfig(t, dir)
	m := wiringtest.Model()
	m.Kinds[0].Extensions = nil
	cases := map[string]string{
		"network":                         "is not GROUP/KIND",
		"network/Nope":                    "configured: containerservice/ManagedCluster, kusto/Cluster",
		"containerservice/ManagedCluster": "has no extensions configured",
	}
	for target, want := range cases {
		if _, err := scaffoldLoaded(t, cfg, m, target); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", target, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "v2/api/network/customizations/nope_post_reconciliation_checker.go")); err == nil {
		t.Error("wrote a file for a bad target")
	}
}

// TestScaffoldEveryPointGolden pins each point's scaffold on a kind with every point.
func TestScaffoldEveryPointGolden(t *testing.T) {
	t.Parallel()
	var names []string
	for _, p := range wiring.Points {
		names = append(names, p.Name)
	}
	m := wiringtest.AllPointsModel(names)
	k, _ := m.Kind("network", "PrivateEndpoint")
	g := goldie.New(t, goldie.WithFixtureDir("../../testdata/golden/wiring/points"), goldie.WithNameSuffix(".golden"))
	for _, p := range wiring.Points {
		s, err := wiring.Bind(fixtureLayout, m, k, p)
		if err != nil {
			t.Fatal(err)
		}
		content, err := Render(s)
		if err != nil {
			t.Fatal(err)
		}
		g.Assert(t, naming.Snake(k.Name)+"_"+naming.Snake(p.Name), content)
	}
}

// fixtureLayout is the layout of the default project.
var fixtureLayout = wiring.Layout{Module: wiringtest.Module, APIRoot: wiringtest.APIRoot, RegistryDir: wiringtest.RegistryDir}

// The project helpers of internal/wiringtest, by their short names.
var (
	copyProject = wiringtest.CopyProject
	loadConfig  = wiringtest.LoadConfig
	treeDigest  = wiringtest.TreeDigest
	writeFile   = wiringtest.WriteFile
	removeFile  = wiringtest.RemoveFile
)

// checkProject runs the checker on the project in dir against the fixture model.
func checkProject(t *testing.T, dir string) *wiring.Report {
	t.Helper()
	cfg := loadConfig(t, dir)
	rep, err := wiring.Check(cfg, wiringtest.Model(), inputs.HandWritten(cfg, os.Environ(), nil))
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// scaffoldLoaded scaffolds target with the hand-written methods of its group, found as the CLI
// does (inputs.Methods).
func scaffoldLoaded(t *testing.T, cfg *config.Config, m *astmodel.Model, target string) ([]string, error) {
	t.Helper()
	k, err := scaffoldKind(m, target)
	if err != nil {
		return Write(cfg, m, target, nil)
	}
	methods, err := inputs.Methods(cfg, k.Group, os.Environ())
	if err != nil {
		return nil, err
	}
	return Write(cfg, m, target, methods)
}
