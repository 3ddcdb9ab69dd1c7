package cli

import (
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// TestGenerateIsDeterministic runs generate in process on two copies of the project, with
// different GOMAXPROCS, and requires byte-identical trees.
func TestGenerateIsDeterministic(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var trees []map[string]string
	for _, procs := range []int{1, max(4, runtime.NumCPU())} {
		runtime.GOMAXPROCS(procs)
		cfg := readyProject(t)
		mustRun(t, ExitOK, "generate", "--config", cfg)
		trees = append(trees, snapshot(t, filepath.Join(filepath.Dir(cfg), "v2")))
	}
	a, b := trees[0], trees[1]
	if len(a) == 0 {
		t.Fatal("nothing generated")
	}
	for _, p := range slices.Sorted(maps.Keys(a)) {
		if other, ok := b[p]; !ok {
			t.Errorf("%s only in the first run", p)
		} else if other != a[p] {
			t.Errorf("%s differs between runs", p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			t.Errorf("%s only in the second run", p)
		}
	}
}
