package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRoleFollowsHandWrittenMarkersWithCache: with the emission cache on, a marker added to the
// operator's package is in the next run's role, and the role is back byte for byte once the
// marker is removed (the role is written on every run from that run's markers).
func TestRoleFollowsHandWrittenMarkersWithCache(t *testing.T) {
	cfg := readyProject(t)
	dir := filepath.Dir(cfg)
	t.Setenv("ASOGEN_CACHE", t.TempDir())
	mustRun(t, ExitOK, "generate", "--config", cfg)
	role := filepath.Join(dir, "v2/config/rbac/role.yaml")
	marked := filepath.Join(dir, "v2/internal/operator/rbac.go")
	before, src := readBytes(t, role), readBytes(t, marked)
	marker := "\n// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get\n"
	if err := os.WriteFile(marked, append(bytes.Clone(src), marker...), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, ExitOK, "generate", "--config", cfg)
	if got := string(readBytes(t, role)); !strings.Contains(got, "  - apps\n  resources:\n  - deployments\n  verbs:\n  - get\n") {
		t.Errorf("the added marker is not in the role:\n%s", got)
	}
	if err := os.WriteFile(marked, src, 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, ExitOK, "generate", "--config", cfg)
	if !bytes.Equal(readBytes(t, role), before) {
		t.Error("the role did not return to its bytes without the marker")
	}
}

func readBytes(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
