package openapi

import (
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/asogen/asogen/internal/benchcorpus"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

// TestBuildIndependentOfParallelism builds a synthetic corpus of 12 packages with one worker and
// with several: packages are built in parallel and finish in any order, so the model must not
// depend on it. Every document is released by the end.
func TestBuildIndependentOfParallelism(t *testing.T) {
	dir := t.TempDir()
	opts := benchcorpus.Options{Kinds: 70, Versions: 3, Seed: 5, AsogenDir: filepath.Join("..", "..")}
	if err := benchcorpus.Write(dir, opts); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var models []*astmodel.Model
	for _, procs := range []int{1, 4} {
		old := runtime.GOMAXPROCS(procs)
		l := newLoader(diskSpecs(cfg), cfg.SpecRoot)
		m, err := build(cfg, l)
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.files) != 0 {
			t.Errorf("GOMAXPROCS=%d: %d documents still cached after the build", procs, len(l.files))
		}
		models = append(models, m)
	}
	if len(models[0].Packages) != 12 || len(models[0].Kinds) != 70 {
		t.Fatalf("%d packages, %d kinds", len(models[0].Packages), len(models[0].Kinds))
	}
	if !reflect.DeepEqual(models[0], models[1]) {
		t.Error("the model depends on how many packages are built at once")
	}
}

// TestReleaseKeepsSharedFiles: a version folder's documents go when its last package is built;
// files outside the configured version folders stay for later packages.
func TestReleaseKeepsSharedFiles(t *testing.T) {
	t.Parallel()
	l := newLoader(Specs{}, "/")
	l.pending["/specs/a/v1"] = 2
	l.files["/specs/a/v1/x.json"] = &document{}
	l.files["/specs/common/types.json"] = &document{}
	l.release("/specs/a/v1")
	if len(l.files) != 2 {
		t.Fatalf("released while a package still reads the folder: %v", l.files)
	}
	l.release("/specs/a/v1")
	if _, ok := l.files["/specs/a/v1/x.json"]; ok || l.files["/specs/common/types.json"] == nil {
		t.Errorf("after the last package: %v", l.files)
	}
}
