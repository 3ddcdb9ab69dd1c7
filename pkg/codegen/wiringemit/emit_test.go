package wiringemit

import (
	"bytes"
	"path"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/asogen/asogen/internal/wiringtest"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/fileset"
)

// TestEmitGolden pins the generated hosts, dispatch, helpers and registry for the fixture, and
// checks that Generator lists exactly the files gen.Emit produces, each once.
func TestEmitGolden(t *testing.T) {
	t.Parallel()
	batches, err := Generator{Layout: fixtureLayout}.Files(wiringtest.Model(), func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	listed := slices.Sorted(slices.Values(gen.Paths(batches)))
	files := fileset.FileSet{}
	var mu sync.Mutex // gen.Emit puts from parallel workers
	err = gen.Emit(batches, func(p string, content []byte) error {
		mu.Lock()
		defer mu.Unlock()
		if _, twice := files[p]; twice {
			t.Errorf("%s emitted twice", p)
		}
		files[p] = bytes.Clone(content) // the bytes are a pooled buffer's
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(listed, files.Paths()) {
		t.Errorf("Files listed %v, Emit produced %v", listed, files.Paths())
	}
	g := goldie.New(t, goldie.WithFixtureDir("../../../testdata/golden/wiring"), goldie.WithNameSuffix(".golden"))
	for _, p := range files.Paths() {
		name := strings.ReplaceAll(strings.TrimSuffix(p, path.Ext(p)), "/", "_")
		g.Assert(t, name, files[p])
	}
}

// TestExtensionPointsGolden pins the generated host with the dispatch of every point (hub and
// owner hub assertions, the typed ARM payload over both API versions).
func TestExtensionPointsGolden(t *testing.T) {
	t.Parallel()
	m := wiringtest.AllPointsModel(allPointNames())
	k, _ := m.Kind("network", "PrivateEndpoint")
	f, err := hostFile(fixtureLayout, m, k)
	if err != nil {
		t.Fatal(err)
	}
	host, err := f.Print(gofile.Printer{})
	if err != nil {
		t.Fatal(err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../../../testdata/golden/wiring/points"), goldie.WithNameSuffix(".golden"))
	g.Assert(t, "private_endpoint_extension_gen", host)
}
