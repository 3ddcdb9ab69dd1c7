package migrate_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/cli"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/openapi"
	"github.com/asogen/asogen/pkg/scaffold"
	"github.com/asogen/asogen/pkg/wiring"
)

// TestExtensionMigrateHubEndToEnd gives network PrivateEndpoint all seven extension points in a
// copy of the project, scaffolds them, retypes the files against the older 2022-07-01 hub and runs
// `asogen generate --migrate-hub`: every file typed against the kind's hub is moved back byte for
// byte (the owner checker, typed against the resource group's unmoved hub, is left alone),
// generation succeeds, and the network packages build with the generated dispatch, including
// the ARM payload type switch over both API versions' real _Spec_ARM types.
func TestExtensionMigrateHubEndToEnd(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds generated code")
	}
	dir := copyRepoProject(t)
	allSevenOnPrivateEndpoint(t, dir)
	current := scaffoldAll(t, dir)
	for file, content := range current {
		writeString(t, file, strings.ReplaceAll(content, "20240301", "20220701"))
	}
	var stdout, stderr bytes.Buffer
	code := cli.Run([]string{"generate", "--config", filepath.Join(dir, "config.yaml"), "--migrate-hub"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("generate --migrate-hub: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	if n := strings.Count(stdout.String(), "migrated "); n != len(wiring.Points)-1 {
		t.Errorf("%d files migrated, want %d (all but the owner checker):\n%s", n, len(wiring.Points)-1, stdout.String())
	}
	for file, want := range current {
		if got, _ := os.ReadFile(file); string(got) != want {
			t.Errorf("%s after migration:\n%s", file, got)
		}
	}
	run(t, dir, "go", "build", "./v2/api/network/...")
}

// allSevenOnPrivateEndpoint configures every point on PrivateEndpoint and removes its
// hand-written files, so scaffold writes them all.
func allSevenOnPrivateEndpoint(t *testing.T, dir string) {
	t.Helper()
	cfgFile := filepath.Join(dir, "config.yaml")
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		t.Fatal(err)
	}
	old := "extensions: [PostReconciliationChecker, ErrorClassifier]"
	if !strings.Contains(string(data), old) {
		t.Fatalf("config.yaml no longer configures PrivateEndpoint with %q", old)
	}
	writeString(t, cfgFile, strings.Replace(string(data), old, "extensions: ["+wiring.PointNames()+"]", 1))
	folder := filepath.Join(dir, "v2/api/network/customizations")
	entries, err := os.ReadDir(folder)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), "_gen.go") {
			if err := os.Remove(filepath.Join(folder, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// scaffoldAll scaffolds PrivateEndpoint and returns each written file's content by absolute path.
func scaffoldAll(t *testing.T, dir string) map[string]string {
	t.Helper()
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	model, err := openapi.Build(context.Background(), cfg, inputs.Specs(cfg.SpecRoot, ""))
	if err != nil {
		t.Fatal(err)
	}
	written, err := scaffoldIn(t, cfg, model, "network/PrivateEndpoint")
	if err != nil {
		t.Fatal(err)
	}
	if len(written) != len(wiring.Points) {
		t.Fatalf("scaffold wrote %v, want one file per point", written)
	}
	out := map[string]string{}
	for _, rel := range written {
		file := filepath.Join(dir, filepath.FromSlash(rel))
		content, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		out[file] = string(content)
	}
	return out
}

// scaffoldIn scaffolds target with the hand-written methods of its group, as the CLI does.
func scaffoldIn(t *testing.T, cfg *config.Config, m *astmodel.Model, target string) ([]string, error) {
	t.Helper()
	group, _, _ := strings.Cut(target, "/")
	methods, err := inputs.Methods(cfg, group, os.Environ())
	if err != nil {
		return nil, err
	}
	return scaffold.Write(cfg, m, target, methods)
}
