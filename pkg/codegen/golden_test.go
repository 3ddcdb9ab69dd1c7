package codegen

import (
	"context"
	"maps"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/fileset"
	"github.com/asogen/asogen/pkg/header"
	"github.com/sebdah/goldie/v2"
)

// fixtureAPIRoot is where the golden fixture's packages would live.
const fixtureAPIRoot = "testdata/emit/api"

// emitFixture runs the pipeline after the model stage on the hand-built fixture model.
func emitFixture(t *testing.T, apiRoot string) fileset.FileSet {
	t.Helper()
	out := fileset.NewMemory("")
	env := &Env{Ctx: context.Background(), Out: newOutput(context.Background(), out, nil)}
	load := Stage{Name: stageLoadModel, Run: func(_ *Env, in State) (State, error) {
		in.Model = fixtureModel(apiRoot)
		return in, nil
	}}
	if _, err := run(env, State{}, []Stage{load, storageVariants(), armTypes(), conversionPlans(), planFiles(), emitFiles()}); err != nil {
		t.Fatal(err)
	}
	return out.Files
}

// TestGolden pins the emitted code of the fixture; `go test ./pkg/codegen/... -update` refreshes it.
func TestGolden(t *testing.T) {
	t.Parallel()
	files := emitFixture(t, fixtureAPIRoot)
	g := goldie.New(t, goldie.WithFixtureDir("../../testdata/golden"), goldie.WithNameSuffix(".golden"))
	paths := slices.Sorted(maps.Keys(files))
	g.Assert(t, "emit/files", []byte(strings.Join(paths, "\n")+"\n"))
	for _, p := range paths {
		if !header.IsGenerated(files[p]) {
			t.Errorf("%s lacks the generated header", p)
		}
		g.Assert(t, "emit/"+strings.TrimPrefix(p, fixtureAPIRoot+"/"), files[p])
	}
}

// TestDeterministic emits the fixture with one and with four workers: the bytes must match.
func TestDeterministic(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	one := emitFixture(t, fixtureAPIRoot)
	runtime.GOMAXPROCS(4)
	four := emitFixture(t, fixtureAPIRoot)
	if !maps.EqualFunc(one, four, func(a, b []byte) bool { return string(a) == string(b) }) {
		t.Fatal("output differs between GOMAXPROCS 1 and 4")
	}
}

// TestPipelineOrder checks the prerequisites, and that every stage that can reject the input
// runs before the plan, which runs before the first file is produced.
func TestPipelineOrder(t *testing.T) {
	t.Parallel()
	if err := checkOrder(pipeline()); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range pipeline() {
		names = append(names, s.Name)
	}
	want := []string{stageLoadModel, stageStorageVariants, stageARMTypes, stageConversionPlans, stageCheckWiring, stagePlan, stageEmitFiles}
	if !slices.Equal(names, want) {
		t.Errorf("stages %v, want %v", names, want)
	}
	bad := []Stage{storageVariants(), loadModel()}
	if err := checkOrder(bad); err == nil || !strings.Contains(err.Error(), `requires "loadModel"`) {
		t.Fatalf("want a prerequisite error, got %v", err)
	}
}

// TestStorageVariantsReturnsANewModel: the stage returns a model with the storage packages and
// leaves the model it was given as it was.
func TestStorageVariantsReturnsANewModel(t *testing.T) {
	t.Parallel()
	in := fixtureModel(fixtureAPIRoot)
	before := len(in.Packages)
	out, err := storageVariants().Run(&Env{}, State{Model: in})
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Packages) != before || len(out.Model.Packages) != 2*before {
		t.Errorf("input model has %d packages (was %d), output %d (want %d)", len(in.Packages), before, len(out.Model.Packages), 2*before)
	}
}
