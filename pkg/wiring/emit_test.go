package wiring

import (
	"path"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"
)

// TestEmitGolden pins the generated hosts, dispatch, helpers and registry for the fixture.
func TestEmitGolden(t *testing.T) {
	files, err := Emit(fixtureLayout, fixtureModel())
	if err != nil {
		t.Fatal(err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../../testdata/golden/wiring"), goldie.WithNameSuffix(".golden"))
	for _, p := range files.Paths() {
		name := strings.ReplaceAll(strings.TrimSuffix(p, path.Ext(p)), "/", "_")
		g.Assert(t, name, files[p])
	}
}
