package wiring

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
)

func TestValidateFixture(t *testing.T) {
	t.Parallel()
	if err := Validate(loadConfig(t, copyProject(t, "project")), fixtureModel()); err != nil {
		t.Fatal(err)
	}
}

func TestValidateErrors(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project")
	replaceIn(t, dir, "config.yaml", "extensions: [PreReconciliationChecker]\n",
		"extensions: [PreReconciliationOwnerChecker, PreReconcileChecker, PreReconciliationOwnerChecker]\n")
	m := fixtureModel()
	m.Kinds[0].Owner = nil // ManagedCluster: owned by the subscription in this variant
	err := Validate(loadConfig(t, dir), m)
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	want := []string{
		"config.yaml:15:18: PreReconciliationOwnerChecker needs an owner, but containerservice ManagedCluster has no owner kind",
		`config.yaml:15:49: unknown extension "PreReconcileChecker" on containerservice ManagedCluster (did you mean PreReconciliationChecker?); valid extensions are: ` + PointNames(),
		"config.yaml:15:70: extension PreReconciliationOwnerChecker is listed twice for containerservice ManagedCluster",
	}
	if len(lines) != len(want) {
		t.Fatalf("got:\n%v", err)
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) {
			t.Errorf("line %d:\n got %s\nwant %s", i, lines[i], w)
		}
	}
}

func TestValidateOwnerKindNotConfigured(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project")
	m := fixtureModel()
	m.Kinds = []*astmodel.Kind{m.Kinds[2]} // kusto Database without kusto Cluster
	err := Validate(loadConfig(t, dir), m)
	if err == nil || !strings.Contains(err.Error(), "the owner kind kusto Cluster of kusto Database is not configured") {
		t.Fatalf("got %v", err)
	}
}

func TestCheckReportsSyntaxErrors(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project")
	writeFile(t, dir, "v2/api/network/customizations/broken.go", "package customizations\n\nfunc (\n")
	_, err := checkLoaded(t, loadConfig(t, dir), fixtureModel())
	if err == nil || !strings.Contains(err.Error(), "v2/api/network/customizations/broken.go:3:8: syntax error") {
		t.Fatalf("got %v", err)
	}
	if _, statErr := os.Stat(filepath.Join(dir, "v2/api/network/customizations/broken.go")); statErr != nil {
		t.Fatal(statErr)
	}
}

func TestDidYouMean(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"PostReconcilationChecker": " (did you mean PostReconciliationChecker?)",
		"prereconciliationchecker": " (did you mean PreReconciliationChecker?)",
		"Finalizer":                "",
	}
	for name, want := range cases {
		if got := didYouMean(name); got != want {
			t.Errorf("didYouMean(%q) = %q, want %q", name, got, want)
		}
	}
}
