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
	t.Setenv("ASOGEN_CACHE", "off") // every file comes from emission
	t.Run("default", func(t *testing.T) {
		cfg, err := config.Load(filepath.Join(moduleRoot(t), "config.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		assertGofmtClean(t, cfg)
	})
	t.Run("synthetic", func(t *testing.T) {
		assertGofmtClean(t, syntheticConfig(t, 20, syntheticVersions))
	})
	t.Run("real", func(t *testing.T) {
		realCorpusSpecs(t)
		assertGofmtClean(t, realCorpusConfig(t, moduleRoot(t), benchOutput))
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
