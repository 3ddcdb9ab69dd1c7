package migrate

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/asogen/asogen/internal/wiringtest"
)

func TestMigrateMovesToNewHubKeepingComments(t *testing.T) {
	t.Parallel()
	dir, current := wiringtest.OlderHubProject(t)
	rewritten, err := runLoaded(t, loadConfig(t, dir), wiringtest.Model())
	if err != nil {
		t.Fatal(err)
	}
	testFile := strings.TrimSuffix(peFile, ".go") + "_test.go"
	if !slices.Equal(rewritten, []string{peFile, testFile}) {
		t.Fatalf("rewritten %v", rewritten)
	}
	got, _ := os.ReadFile(filepath.Join(dir, peFile))
	if string(got) != current {
		t.Errorf("migrated file differs from the one written for the new hub:\n%s", got)
	}
	test, _ := os.ReadFile(filepath.Join(dir, testFile))
	for _, want := range []string{"// Old hub, aliased the asogen way.\n\tnetwork20240301s \"github.com/asogen/asogen/v2/api/network/v1api20240301/storage\"",
		"// TestApproved keeps its comments.", "pe := &network20240301s.PrivateEndpoint{} // an empty endpoint\n\n\t_ = pe"} {
		if !strings.Contains(string(test), want) {
			t.Errorf("test file lacks %q:\n%s", want, test)
		}
	}
	if err := checkProject(t, dir).Err(); err != nil {
		t.Fatalf("still failing after migration:\n%v", err)
	}
}

func TestMigrateKeepsCustomAlias(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project")
	replaceIn(t, dir, peFile, "v1api20240301/storage", "v1api20220701/storage")
	replaceIn(t, dir, peFile, "network20240301s \"", "pe \"")
	replaceIn(t, dir, peFile, "*network20240301s.", "*pe.")
	if _, err := runLoaded(t, loadConfig(t, dir), wiringtest.Model()); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, peFile))
	if !strings.Contains(string(got), `pe "github.com/asogen/asogen/v2/api/network/v1api20240301/storage"`) ||
		!strings.Contains(string(got), "*pe.PrivateEndpoint") {
		t.Fatalf("custom alias not kept:\n%s", got)
	}
}

func TestMigrateRefusesWithOtherProblems(t *testing.T) {
	t.Parallel()
	dir, _ := wiringtest.OlderHubProject(t)
	removeFile(t, dir, "v2/api/kusto/customizations/database_pre_reconciliation_owner_checker.go")
	before := treeDigest(t, dir)
	_, err := runLoaded(t, loadConfig(t, dir), wiringtest.Model())
	if err == nil || !strings.Contains(err.Error(), "CheckOwnerBeforeReconcile") {
		t.Fatalf("want the other problem reported, got %v", err)
	}
	if treeDigest(t, dir) != before {
		t.Fatal("Migrate wrote files although other problems exist")
	}
}
