package codegen

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/asogen/asogen/internal/benchcorpus"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/fileset"
	"github.com/sebdah/goldie/v2"
)

// digestRoot is the fixed output folder of the digested corpora: generation is in memory, so
// nothing is written there, and a fixed folder keeps import paths (and so the bytes) stable.
const digestRoot = "pkg/codegen/testdata/digest"

// TestOutputDigests pins a SHA-256 of every file asogen generates for the project's config, the
// real corpora (when ASOGEN_AZURE_SPECS is set) and a bench corpus of 200 kinds: a refactoring
// of the generator must leave them byte-identical. A deliberate change of the output refreshes
// them with `go test ./pkg/codegen -run TestOutputDigests -update`; the diff of
// testdata/golden/digest names every file whose bytes moved.
func TestOutputDigests(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	corpora := map[string]func(*testing.T) *config.Config{
		"project": func(t *testing.T) *config.Config {
			cfg, err := config.Load(filepath.Join(root, "config.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			return cfg
		},
		"realcorpus": func(t *testing.T) *config.Config {
			realCorpusSpecs(t)
			return loadCorpusConfig(t, root, realCorpusConfigFile, digestRoot)
		},
		"realspecs": func(t *testing.T) *config.Config {
			return loadCorpusConfig(t, root, realSpecsConfigFile, digestRoot)
		},
		"bench200": func(t *testing.T) *config.Config { return benchDigestConfig(t, root) },
	}
	g := goldie.New(t, goldie.WithFixtureDir(filepath.Join(root, "testdata", "golden", "digest")), goldie.WithNameSuffix(".txt"))
	for _, name := range slices.Sorted(maps.Keys(corpora)) {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && name == "bench200" {
				t.Skip("generates 200 kinds")
			}
			files := generateInMemory(t, corpora[name](t))
			g.Assert(t, name, digestList(files))
		})
	}
}

// benchDigestConfig writes a bench corpus of 200 kinds x 3 versions and loads its config.
func benchDigestConfig(t *testing.T, root string) *config.Config {
	dir := t.TempDir()
	opts := benchcorpus.Options{Kinds: 200, Versions: 3, Seed: 1, AsogenDir: root}
	if err := benchcorpus.Write(dir, opts); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// digestList is one line per file, sorted by path: its SHA-256 and its path.
func digestList(files fileset.FileSet) []byte {
	var b strings.Builder
	for _, p := range slices.Sorted(maps.Keys(files)) {
		sum := sha256.Sum256(files[p])
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), p)
	}
	return []byte(b.String())
}
