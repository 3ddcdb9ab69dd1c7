package chart

import (
	"path/filepath"
	"strings"
	"testing"
)

// root is the repository root: this package is v2/internal/chart.
var root = filepath.Join("..", "..", "..")

// The chart's copies of the generated manifests match v2/config (make generate runs Sync).
func TestChartFilesMatchGenerated(t *testing.T) {
	drift, err := Drift(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(drift) > 0 {
		t.Errorf("the chart is out of step with v2/config (run make generate): %s", strings.Join(drift, ", "))
	}
}

// Drift notices a changed copy and a stale one; Sync puts both right.
func TestChartDriftAndSync(t *testing.T) {
	tmp := t.TempDir()
	for _, dir := range []string{"v2/config/crd/bases", "v2/config/crd/patches", "v2/config/rbac", "v2/config/webhook"} {
		copyTree(t, filepath.Join(root, dir), filepath.Join(tmp, dir))
	}
	if err := Sync(tmp); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(tmp, generatedDir, "role.yaml"), "changed")
	writeFile(t, filepath.Join(tmp, generatedDir, "crds", "old.yaml"), "stale")
	drift, _ := Drift(tmp)
	want := generatedDir + "/crds/old.yaml," + generatedDir + "/role.yaml"
	if strings.Join(drift, ",") != want {
		t.Errorf("drift = %v, want %s", drift, want)
	}
	if err := Sync(tmp); err != nil {
		t.Fatal(err)
	}
	if drift, _ := Drift(tmp); len(drift) > 0 {
		t.Errorf("after Sync: drift %v", drift)
	}
}
