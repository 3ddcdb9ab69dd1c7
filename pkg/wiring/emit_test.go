package wiring

import (
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/asogen/asogen/pkg/codegen/fileset"
	"github.com/asogen/asogen/pkg/codegen/gofile"
)

// TestEmitGolden pins the generated hosts, dispatch, helpers and registry for the fixture, and
// checks that Plan names exactly the files Emit produces.
func TestEmitGolden(t *testing.T) {
	t.Parallel()
	files := fileset.FileSet{}
	var order []string
	err := Emit(fixtureLayout, fixtureModel(), gofile.Printer{}, nil, func(p string, content []byte) error {
		files[p] = content
		order = append(order, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if plan := Plan(fixtureLayout, fixtureModel(), nil); !slices.Equal(plan, order) {
		t.Errorf("Plan = %v, Emit produced %v", plan, order)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../../testdata/golden/wiring"), goldie.WithNameSuffix(".golden"))
	for _, p := range files.Paths() {
		name := strings.ReplaceAll(strings.TrimSuffix(p, path.Ext(p)), "/", "_")
		g.Assert(t, name, files[p])
	}
}
