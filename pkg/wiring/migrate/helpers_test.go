package migrate

import (
	"testing"

	"github.com/asogen/asogen/internal/wiringtest"
	"github.com/asogen/asogen/pkg/astmodel"
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
	rep, err := wiring.Check(loadConfig(t, dir), m)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}
