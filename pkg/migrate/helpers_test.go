package migrate

import (
	"os"
	"testing"

	"github.com/asogen/asogen/internal/wiringtest"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/handwritten"
	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/wiring"
)

const peFile = wiringtest.PEFile

// The project helpers of internal/wiringtest, by their short names.
var (
	copyProject = wiringtest.CopyProject
	loadConfig  = wiringtest.LoadConfig
	treeDigest  = wiringtest.TreeDigest
	replaceIn   = wiringtest.ReplaceIn
	removeFile  = wiringtest.RemoveFile
)

// checkProject runs the checker on the project in dir against the fixture model.
func checkProject(t *testing.T, dir string) *wiring.Report {
	t.Helper()
	return checkModel(t, dir, wiringtest.Model())
}

// checkModel runs the checker on the project in dir against model m.
func checkModel(t *testing.T, dir string, m *astmodel.Model) *wiring.Report {
	t.Helper()
	cfg := loadConfig(t, dir)
	rep, err := wiring.Check(cfg, m, found(cfg))
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// found finds the hand-written methods of cfg's project as the CLI does (inputs.HandWritten).
func found(cfg *config.Config) handwritten.Found {
	return inputs.HandWritten(cfg, os.Environ(), nil)
}

// runLoaded runs Run on cfg's project with the hand-written methods found as the CLI does.
func runLoaded(t *testing.T, cfg *config.Config, m *astmodel.Model) ([]string, error) {
	t.Helper()
	return Run(cfg, m, found(cfg))
}
