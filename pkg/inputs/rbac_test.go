package inputs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/header"
)

const markedFile = `// Package op has markers. The package doc's count.
// +kubebuilder:rbac:groups=a,resources=doc,verbs=get
package op

//   +kubebuilder:rbac:groups=a,resources=free,verbs=get
// +kubebuilder:object:root=true

// F's doc comment's markers are F's, not the package's.
// +kubebuilder:rbac:groups=a,resources=fdoc,verbs=get
func F() {
	// +kubebuilder:rbac:groups=a,resources=body,verbs=get
}

// +kubebuilder:rbac:groups=a,resources=beforetype,verbs=get

// T is a type.
type T struct {
	// +kubebuilder:rbac:groups=a,resources=field,verbs=get
	X int
}

// +kubebuilder:rbac:groups=a,resources=last,verbs=get
`

// TestMarkersOfFile takes the markers controller-gen takes as the package's, at the '+'.
func TestMarkersOfFile(t *testing.T) {
	got, err := markersOfFile("op/a.go", []byte(markedFile))
	if err != nil {
		t.Fatal(err)
	}
	var resources []string
	for _, c := range got {
		resources = append(resources, strings.TrimSuffix(strings.TrimPrefix(c.Text, "+kubebuilder:rbac:groups=a,resources="), ",verbs=get"))
	}
	if strings.Join(resources, " ") != "doc free beforetype last" {
		t.Errorf("markers of %s", resources)
	}
	if got[1].Pos != (diag.Pos{File: "op/a.go", Line: 5, Col: 6}) {
		t.Errorf("position %v", got[1].Pos)
	}
}

// TestRBACMarkers reads the configured folders and every customizations package (files asogen
// generated left out, a folder listed in both read once); a missing
// configured folder and a file that does not parse are errors at their positions.
func TestRBACMarkers(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "internal/op/rbac.go"), "package op\n\n// +kubebuilder:rbac:groups=a,resources=x,verbs=get\n")
	write(t, filepath.Join(dir, "internal/op/rbac_test.go"), "package op\n\n// +kubebuilder:rbac:groups=a,resources=test,verbs=get\n")
	write(t, filepath.Join(dir, "v2/api/net/customizations/ext.go"), "package customizations\n\n// +kubebuilder:rbac:groups=\"\",resources=y,verbs=get\n")
	write(t, filepath.Join(dir, "v2/api/net/customizations/host_gen.go"), header.Go+"\n\npackage customizations\n\n// +kubebuilder:rbac:groups=a,resources=gen,verbs=get\n")
	cfg := &config.Config{Dir: dir, Output: config.Output{API: "v2/api"},
		RBAC: config.RBAC{Packages: []string{"internal/op"}, PackagePos: []diag.Pos{{File: "config.yaml", Line: 3, Col: 14}}}}
	found := RBACMarkers(cfg)
	if found.Err != nil || len(found.Comments) != 2 || found.Comments[1].Pos.File != "v2/api/net/customizations/ext.go" {
		t.Fatalf("%+v", found)
	}
	cfg.RBAC.Packages = append(cfg.RBAC.Packages, "v2/api/net/customizations")
	cfg.RBAC.PackagePos = append(cfg.RBAC.PackagePos, diag.Pos{})
	if found := RBACMarkers(cfg); found.Err != nil || len(found.Comments) != 2 {
		t.Fatalf("listed twice: %+v", found)
	}
	cfg.RBAC.Packages = []string{"internal/gone"}
	write(t, filepath.Join(dir, "v2/api/net/customizations/broken.go"), "package customizations\n\nfunc {\n")
	err := RBACMarkers(cfg).Err
	for _, want := range []string{`config.yaml:3:14: rbac package "internal/gone" does not exist`, "v2/api/net/customizations/broken.go:3:6: "} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want %s", err, want)
		}
	}
	if _, ok := err.(diag.List); !ok {
		t.Errorf("not positioned: %T", err)
	}
}

func write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
