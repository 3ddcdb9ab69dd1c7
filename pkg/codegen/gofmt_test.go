package codegen

import (
	"bytes"
	"go/format"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
)

// TestEmittedFilesAreGofmtClean proves that every generated Go file is already in gofmt's
// layout as printed (emission has no go/format.Source pass): on the default config, a
// synthetic corpus and, when ASOGEN_AZURE_SPECS is set, the real corpus.
func TestEmittedFilesAreGofmtClean(t *testing.T) {
	t.Parallel()
	forEachCorpus(t, 20, assertGofmtClean)
}

// forEachCorpus runs check, with the emission cache off (every file comes from emission), on
// the default config, a synthetic corpus of kinds kinds and, when ASOGEN_AZURE_SPECS is set,
// the real corpus.
func forEachCorpus(t *testing.T, kinds int, check func(*testing.T, *config.Config)) {
	t.Run("default", func(t *testing.T) {
		cfg, err := config.Load(filepath.Join(moduleRoot(t), "config.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		check(t, cfg)
	})
	t.Run("synthetic", func(t *testing.T) {
		check(t, syntheticConfig(t, kinds, syntheticVersions))
	})
	t.Run("real", func(t *testing.T) {
		realCorpusSpecs(t)
		check(t, realCorpusConfig(t, moduleRoot(t), benchOutput))
	})
}

func assertGofmtClean(t *testing.T, cfg *config.Config) {
	t.Helper()
	files := generateInMemory(t, cfg)
	checked := 0
	for _, p := range files.Paths() {
		if !strings.HasSuffix(p, ".go") {
			continue
		}
		checked++
		want, err := format.Source(files[p])
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if !bytes.Equal(files[p], want) {
			t.Errorf("%s is not gofmt-clean", p)
		}
	}
	if checked == 0 {
		t.Fatal("no Go file generated")
	}
	t.Logf("%d Go files gofmt-clean", checked)
}
