package codegen

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/emit"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/fileset"
	"github.com/asogen/asogen/pkg/header"
)

// TestPlanNamesEveryEmittedFile checks that emit.Plan lists exactly the paths emission
// produces, on the default model and on the hand-built fixture.
func TestPlanNamesEveryEmittedFile(t *testing.T) {
	t.Parallel()
	def, _ := defaultModel(t, true)
	fixture, err := modelStages(fixtureModel(fixtureAPIRoot))
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]*astmodel.Model{"default": def, "fixture": fixture} {
		plan, err := emit.Plan(m)
		if err != nil {
			t.Fatal(err)
		}
		if got := emitted(t, m).Paths(); !slices.Equal(plan, got) {
			t.Errorf("%s: Plan = %v\nemitted %v", name, plan, got)
		}
	}
}

// planSink refuses the run at Plan, or records whether any file arrived before Plan.
type planSink struct {
	*fileset.Memory
	refuse  error
	planned atomic.Bool
	early   atomic.Int32 // files that arrived before Plan
}

func (s *planSink) Plan(paths, roots []string) error {
	s.planned.Store(true)
	return s.refuse
}

func (s *planSink) Put(p string, content []byte) error {
	if !s.planned.Load() {
		s.early.Add(1)
	}
	return s.Memory.Put(p, content)
}

// TestSinkRefusalProducesNothing: the sink sees every path before the first file, and when it
// refuses the run, Generate returns its error as it is and no file is produced.
func TestSinkRefusalProducesNothing(t *testing.T) {
	t.Parallel()
	cfg := projectConfig(t)
	refusal := errors.New("refused")
	refusing := &planSink{Memory: fileset.NewMemory(cfg.Dir), refuse: refusal}
	res, err := Generate(context.Background(), diskInputs(cfg, Options{}), refusing)
	if !errors.Is(err, refusal) || res == nil {
		t.Fatalf("err = %v, want the sink's refusal", err)
	}
	if len(refusing.Files) != 0 {
		t.Errorf("%d files produced after the sink refused the run", len(refusing.Files))
	}
	accepting := &planSink{Memory: fileset.NewMemory(cfg.Dir)}
	res, err = Generate(context.Background(), diskInputs(cfg, Options{}), accepting)
	if err != nil {
		t.Fatal(err)
	}
	if accepting.early.Load() != 0 || !slices.Equal(res.Paths, accepting.Files.Paths()) {
		t.Errorf("%d files before Plan; plan of %d paths, %d files", accepting.early.Load(), len(res.Paths), len(accepting.Files))
	}
}

// TestOutputHoldsToThePlan: a file that was not planned, a file produced twice and a planned
// file never produced are internal errors.
func TestOutputHoldsToThePlan(t *testing.T) {
	t.Parallel()
	out := newOutput(context.Background(), fileset.NewMemory(""), nil)
	if err := out.plan([]string{"b", "a"}, nil); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out.paths, []string{"a", "b"}) {
		t.Errorf("paths = %v, want them sorted", out.paths)
	}
	content := []byte(header.Go + "\n")
	if err := out.put("c", content); err == nil || !strings.Contains(err.Error(), "not planned") {
		t.Errorf("unplanned file: err = %v", err)
	}
	if err := out.put("a", content); err != nil {
		t.Fatal(err)
	}
	if err := out.put("a", content); err == nil {
		t.Error("a file produced twice was accepted")
	}
	if err := out.complete(); err == nil || !strings.Contains(err.Error(), "1 planned files were not generated, such as b") {
		t.Errorf("complete: err = %v", err)
	}
	if err := newOutput(context.Background(), fileset.NewMemory(""), nil).plan([]string{"a", "a"}, nil); err == nil {
		t.Error("a path planned twice was accepted")
	}
}

// projectConfig loads the project's config.yaml.
func projectConfig(t *testing.T) *config.Config {
	t.Helper()
	cfg, err := config.Load(filepath.Join(moduleRoot(t), "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// emitted returns every file emission of m produces.
func emitted(t *testing.T, m *astmodel.Model) fileset.FileSet {
	t.Helper()
	out := fileset.NewMemory("")
	if err := emit.Emit(m, out.Put); err != nil {
		t.Fatal(err)
	}
	return out.Files
}
