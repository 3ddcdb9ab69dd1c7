package wiring

import (
	"testing"

	"github.com/asogen/asogen/internal/wiringtest"
	"github.com/asogen/asogen/pkg/astmodel"
)

const peFile = wiringtest.PEFile

func TestHubMoveDetected(t *testing.T) {
	t.Parallel()
	dir, _ := wiringtest.OlderHubProject(t)
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
