package migrate_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/codegen"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/fileset"
	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/migrate"
	"github.com/asogen/asogen/pkg/openapi"
	"github.com/asogen/asogen/pkg/wiring"
)

const peHandWritten = "v2/api/network/customizations/private_endpoint_post_reconciliation_checker.go"

// TestHubMoveEndToEnd runs the real pipeline on a copy of the project whose PrivateEndpoint
// extension was written against the 2022-07-01 storage version: generation stops with the
// hub-move error, Migrate rewrites the file keeping its comments, generation succeeds, and the
// network packages build with the migrated code.
func TestHubMoveEndToEnd(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds generated code")
	}
	dir := copyRepoProject(t)
	file := filepath.Join(dir, peHandWritten)
	current, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	writeString(t, file, strings.ReplaceAll(string(current), "20240301", "20220701"))
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := codegen.Generate(context.Background(), codegen.Inputs{Config: cfg, Specs: inputs.Specs(cfg.SpecRoot, ""), HandWritten: inputs.HandWritten(cfg, os.Environ(), nil)}, fileset.NewMemory(dir)); err == nil || !strings.Contains(err.Error(), wiring.MigrateCommand) {
		t.Fatalf("want the hub-move error, got %v", err)
	}
	model, err := openapi.Build(context.Background(), cfg, inputs.Specs(cfg.SpecRoot, ""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := migrate.Run(cfg, model, inputs.HandWritten(cfg, os.Environ(), nil)); err != nil {
		t.Fatal(err)
	}
	if migrated, _ := os.ReadFile(file); string(migrated) != string(current) {
		t.Fatalf("migration did not restore the file written for the hub:\n%s", migrated)
	}
	w := fileset.NewWriter(dir, fileset.Options{})
	if _, err := codegen.Generate(context.Background(), codegen.Inputs{Config: cfg, Specs: inputs.Specs(cfg.SpecRoot, ""), HandWritten: inputs.HandWritten(cfg, os.Environ(), nil)}, w); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Finish(); err != nil {
		t.Fatal(err)
	}
	run(t, dir, "go", "build", "./v2/api/network/...")
}

// copyRepoProject copies what generation and the network build need into a temporary folder.
func copyRepoProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	root := filepath.Join("..", "..")
	for _, p := range []string{"go.mod", "go.sum", "config.yaml", "specs", "v2/pkg", "v2/pkg/resolver",
		"v2/pkg/genericarmclient", "v2/api/network/customizations", "v2/api/kusto/customizations",
		"v2/api/containerservice/customizations", "v2/api/storage/customizations", "v2/api/managedidentity/customizations",
		"v2/internal/operator"} { // the package whose rbac markers config.yaml names
		run(t, root, "cp", "-r", "--parents", p, dir)
	}
	return dir
}

func run(t *testing.T, dir string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
}

func writeString(t *testing.T, file, content string) {
	t.Helper()
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
