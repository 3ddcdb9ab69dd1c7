package codegen

import (
	"bytes"
	"go/format"
	"path"
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

// TestBatteryCRLFDescriptionsGofmtClean: descriptions holding "\r\n" or a bare "\r" (as real
// specs do) give gofmt-clean comments without carriage returns: on a fixture holding both, on
// testdata/realspecs and, when ASOGEN_AZURE_SPECS is set, on the shared real corpus.
func TestBatteryCRLFDescriptionsGofmtClean(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	t.Run("fixture", func(t *testing.T) {
		cfg := semanticsConfig(t, root, realCorpusDir(t, root))
		assertGofmtClean(t, cfg)
		files := generateInMemory(t, cfg)
		api := string(files[path.Join(cfg.Output.API, "widget/v1api20240101/widget_types_gen.go")])
		if want := "// Ratio: The ratio of the widget, with a bare carriage return.\n"; !strings.Contains(api, want) {
			t.Errorf("widget_types_gen.go lacks %q", want)
		}
	})
	t.Run("realspecs", func(t *testing.T) {
		assertGofmtClean(t, loadCorpusConfig(t, root, realSpecsConfigFile, realCorpusDir(t, root)))
	})
	t.Run("real", func(t *testing.T) {
		realCorpusSpecs(t)
		assertGofmtClean(t, realCorpusConfig(t, root, benchOutput))
	})
}
