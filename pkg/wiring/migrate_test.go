package wiring

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
)

const peFile = "v2/api/network/customizations/private_endpoint_post_reconciliation_checker.go"

// olderHubProject is the fixture with the PrivateEndpoint extension (and its test) written
// against the 2022-07-01 storage version, before 2024-03-01 became the hub.
func olderHubProject(t *testing.T) (dir string, current string) {
	dir = copyProject(t, "project")
	data, err := os.ReadFile(filepath.Join(dir, peFile))
	if err != nil {
		t.Fatal(err)
	}
	current = string(data)
	old := strings.ReplaceAll(current, "20240301", "20220701")
	writeFile(t, dir, peFile, old)
	writeFile(t, dir, strings.TrimSuffix(peFile, ".go")+"_test.go", `package customizations

import (
	"testing"

	// Old hub, aliased the asogen way.
	network20220701s "github.com/asogen/asogen/v2/api/network/v1api20220701/storage"
)

// TestApproved keeps its comments.
func TestApproved(t *testing.T) {
	t.Parallel()
	pe := &network20220701s.PrivateEndpoint{} // an empty endpoint

	_ = pe
}
`)
	return dir, current
}

func TestHubMoveDetected(t *testing.T) {
	t.Parallel()
	dir, _ := olderHubProject(t)
	rep := checkProject(t, dir)
	wantError(t, rep, peFile+":19:18: ",
		"CheckAfterReconcile takes privateEndpoint *network20220701s.PrivateEndpoint",
		"(github.com/asogen/asogen/v2/api/network/v1api20220701/storage)",
		"the hub of network PrivateEndpoint is now *storage.PrivateEndpoint from github.com/asogen/asogen/v2/api/network/v1api20240301/storage",
		"run `asogen generate --migrate-hub`")
	if len(rep.Moves) != 1 || rep.Moves[0].NewPath != "github.com/asogen/asogen/v2/api/network/v1api20240301/storage" {
		t.Fatalf("moves: %+v", rep.Moves)
	}
}

// TestHubMovedToOlderVersion: when config pins the hub to an older version, a method written
// against the newer storage version is described as such, not as "an older version".
func TestHubMovedToOlderVersion(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project")
	m := fixtureModel()
	pe, _ := m.Kind("network", "PrivateEndpoint")
	pe.Hub = astmodel.APIPackage("network", "2022-07-01").StorageRef()
	rep, err := checkLoaded(t, loadConfig(t, dir), m)
	if err != nil {
		t.Fatal(err)
	}
	wantError(t, rep, peFile+":19:18: ",
		"the storage type of a newer version, v1api20240301 (github.com/asogen/asogen/v2/api/network/v1api20240301/storage)",
		"the hub of network PrivateEndpoint is now *storage.PrivateEndpoint from github.com/asogen/asogen/v2/api/network/v1api20220701/storage")
}

func TestMigrateMovesToNewHubKeepingComments(t *testing.T) {
	t.Parallel()
	dir, current := olderHubProject(t)
	rewritten, err := migrateLoaded(t, loadConfig(t, dir), fixtureModel())
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
	if _, err := migrateLoaded(t, loadConfig(t, dir), fixtureModel()); err != nil {
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
	dir, _ := olderHubProject(t)
	removeFile(t, dir, "v2/api/kusto/customizations/database_pre_reconciliation_owner_checker.go")
	before := treeDigest(t, dir)
	_, err := migrateLoaded(t, loadConfig(t, dir), fixtureModel())
	if err == nil || !strings.Contains(err.Error(), "CheckOwnerBeforeReconcile") {
		t.Fatalf("want the other problem reported, got %v", err)
	}
	if treeDigest(t, dir) != before {
		t.Fatal("Migrate wrote files although other problems exist")
	}
}
