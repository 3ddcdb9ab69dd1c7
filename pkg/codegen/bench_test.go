package codegen

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/asogen/asogen/internal/benchcorpus"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/crd"
	"github.com/asogen/asogen/pkg/codegen/emit"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/fileset"
	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/openapi"
)

// Benchmarks of the stages after spec loading (pkg/openapi has those) and of the whole
// generation over synthetic corpora of growing size. Each reports time and allocations per
// resource version (a kind in one API version):
//
//	go test -run '^$' -bench . -benchmem ./pkg/codegen/

// syntheticKinds are the corpus sizes of BenchmarkGenerateSynthetic; ns/resource staying flat
// across them shows generation time grows linearly with the number of resources.
var syntheticKinds = []int{25, 50, 100}

// syntheticVersions is the API versions per kind, as in `make bench`.
const syntheticVersions = 3

// BenchmarkStorageVariantsDefault derives the storage package of every API package of the
// default model (the stage derives them all on each run).
func BenchmarkStorageVariantsDefault(b *testing.B) {
	m, resources := defaultModel(b, false)
	perResource(b, resources, func() {
		if _, err := withStorageVariants(m); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkModelStagesDefault derives the ARM types and the conversion plans of the default
// model (the armTypes and conversionPlans stages).
func BenchmarkModelStagesDefault(b *testing.B) {
	m, resources := defaultModel(b, true)
	perResource(b, resources, func() {
		a, err := withARMTypes(m)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := withConversionPlans(a); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkEmitDefault emits and prints every API and storage package of the default model:
// dst trees, conversions, ARM code, go/format.
func BenchmarkEmitDefault(b *testing.B) {
	m, resources := defaultModel(b, true)
	perResource(b, resources, func() {
		if err := emit.Emit(m, discard); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkEmitRealCorpus emits every package of the real corpus's model (ASOGEN_AZURE_SPECS).
func BenchmarkEmitRealCorpus(b *testing.B) {
	realCorpusSpecs(b)
	cfg := realCorpusConfig(b, moduleRoot(b), benchOutput)
	m, err := openapi.Build(context.Background(), cfg, diskSpecs(cfg))
	if err != nil {
		b.Fatal(err)
	}
	if m, err = modelStages(m); err != nil {
		b.Fatal(err)
	}
	perResource(b, resourceVersions(m), func() {
		if err := emit.Emit(m, discard); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkGenerateRealCorpus runs the whole pipeline over the real corpus (nothing is written).
func BenchmarkGenerateRealCorpus(b *testing.B) {
	realCorpusSpecs(b)
	cfg := realCorpusConfig(b, moduleRoot(b), benchOutput)
	resources := 0
	for _, r := range cfg.Resources {
		resources += len(r.Versions)
	}
	perResource(b, resources, func() {
		if _, err := Generate(context.Background(), diskInputs(cfg, Options{}), fileset.NewMemory(cfg.Dir)); err != nil {
			b.Fatal(err)
		}
	})
}

// benchOutput is where the real-corpus benchmarks' output would go; nothing is written there.
const benchOutput = "pkg/codegen/testdata/bench-realcorpus"

// BenchmarkGenerateSynthetic runs the whole pipeline (specs → model → storage → emission →
// wiring, whose go list of the customizations is a fixed cost) over synthetic corpora of
// 25, 50 and 100 kinds in three API versions each.
func BenchmarkGenerateSynthetic(b *testing.B) {
	for _, kinds := range syntheticKinds {
		b.Run(fmt.Sprintf("kinds=%d", kinds), func(b *testing.B) {
			cfg := syntheticConfig(b, kinds, syntheticVersions)
			perResource(b, kinds*syntheticVersions, func() {
				if _, err := Generate(context.Background(), diskInputs(cfg, Options{}), fileset.NewMemory(cfg.Dir)); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// discard is a put function that keeps nothing: emission benchmarks measure printing alone.
func discard(string, []byte) error { return nil }

// diskSpecs serves cfg's spec files from disk as the CLI does, messages relative to the test's folder.
func diskSpecs(cfg *config.Config) openapi.Specs {
	wd, _ := os.Getwd()
	return inputs.Specs(cfg.SpecRoot, wd)
}

// diskInputs are the inputs of a run of cfg with opts, read from disk as the CLI does.
func diskInputs(cfg *config.Config, opts Options) Inputs {
	return Inputs{Config: cfg, Specs: diskSpecs(cfg), HandWritten: inputs.HandWritten(cfg, os.Environ(), nil), RBAC: inputs.RBACMarkers(cfg), Options: opts}
}

// generateInMemory runs Generate for cfg into an in-memory sink and returns every file.
func generateInMemory(tb testing.TB, cfg *config.Config) fileset.FileSet {
	tb.Helper()
	return generateWith(tb, cfg, Options{})
}

// generateWith is generateInMemory with options.
func generateWith(tb testing.TB, cfg *config.Config, opts Options) fileset.FileSet {
	tb.Helper()
	out := fileset.NewMemory(cfg.Dir)
	res, err := Generate(context.Background(), diskInputs(cfg, opts), out)
	if err != nil {
		tb.Fatal(err)
	}
	if len(res.Paths) != len(out.Files) {
		tb.Fatalf("Result lists %d paths, the sink received %d files", len(res.Paths), len(out.Files))
	}
	return out.Files
}

// defaultModel builds the model of the project's config.yaml, with its storage packages when
// storage is set, and counts its resource versions.
func defaultModel(b testing.TB, storage bool) (*astmodel.Model, int) {
	cfg, err := config.Load(filepath.Join(moduleRoot(b), "config.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	m, err := openapi.Build(context.Background(), cfg, diskSpecs(cfg))
	if err != nil {
		b.Fatal(err)
	}
	if storage {
		if m, err = modelStages(m); err != nil {
			b.Fatal(err)
		}
	}
	return m, resourceVersions(m)
}

// resourceVersions counts the model's resources in all their API versions.
func resourceVersions(m *astmodel.Model) int {
	n := 0
	for _, k := range m.Kinds {
		n += len(k.Versions)
	}
	return n
}

// syntheticConfig writes a benchcorpus corpus (a Go module replacing asogen with this checkout)
// into a temporary folder and loads its config.
func syntheticConfig(tb testing.TB, kinds, versions int) *config.Config {
	tb.Helper()
	dir := tb.TempDir()
	opts := benchcorpus.Options{Kinds: kinds, Versions: versions, Seed: 1, AsogenDir: moduleRoot(tb)}
	if err := benchcorpus.Write(dir, opts); err != nil {
		tb.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	return cfg
}

// moduleRoot is the asogen checkout (repoRoot for benchmarks too).
func moduleRoot(tb testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		tb.Fatal("no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// perResource runs fn b.N times and reports ns and allocations per resource version.
func perResource(b *testing.B, resources int, fn func()) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ReportAllocs()
	for b.Loop() {
		fn()
	}
	runtime.ReadMemStats(&after)
	per := float64(b.N * resources)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/resource")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/per, "allocs/resource")
}

// TestSyntheticCorpusGenerates keeps the benchmark's setup honest (it asserts nothing about
// speed): a small synthetic corpus generates the types of every kind in every version, the
// storage packages, the extension hosts and the registry.
func TestSyntheticCorpusGenerates(t *testing.T) {
	t.Parallel()
	const kinds, versions = 6, 2
	cfg := syntheticConfig(t, kinds, versions)
	files := generateInMemory(t, cfg)
	var types, storage, hosts int
	for p := range files {
		switch {
		case strings.HasSuffix(p, "_extension_gen.go"):
			hosts++
		case strings.HasSuffix(p, "_types_gen.go") && path.Base(path.Dir(p)) == "storage":
			storage++
		case strings.HasSuffix(p, "_types_gen.go"):
			types++
		}
	}
	if types != kinds*versions || storage != kinds*versions || hosts != kinds {
		t.Errorf("types %d, storage types %d, extension hosts %d; want %d, %d, %d",
			types, storage, hosts, kinds*versions, kinds*versions, kinds)
	}
	if _, ok := files[path.Join(cfg.Output.Registry, "registry_gen.go")]; !ok {
		t.Errorf("no registry in %s", cfg.Output.Registry)
	}
}

// BenchmarkCRDSynthetic writes the CRDs of a synthetic corpus of 100 kinds in three API versions
// (crd.Generator alone, one worker), per resource version.
func BenchmarkCRDSynthetic(b *testing.B) {
	cfg := syntheticConfig(b, 100, syntheticVersions)
	m, err := openapi.Build(context.Background(), cfg, diskSpecs(cfg))
	if err != nil {
		b.Fatal(err)
	}
	if m, err = modelStages(m); err != nil {
		b.Fatal(err)
	}
	g := crd.Generator{Root: cfg.Output.Manifests}
	var buf bytes.Buffer
	perResource(b, resourceVersions(m), func() {
		batches, err := g.Files(m, func(string) bool { return true })
		if err != nil {
			b.Fatal(err)
		}
		for _, batch := range batches {
			for _, f := range batch {
				buf.Reset()
				if err := f.Render(&buf); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
