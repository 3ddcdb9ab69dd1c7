package openapi

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/asogen/asogen/internal/cputime"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

// Benchmarks of the reader's two stages, spec loading and model building, over the project's own
// specs (config.yaml) and over the real corpus (ASOGEN_AZURE_SPECS). Each reports time and
// allocations per resource version besides the usual per-operation numbers, the CPU time per
// operation (all threads) and the heap peaks (see heapWatch):
//
//	go test -run '^$' -bench . -benchmem ./pkg/openapi/

// BenchmarkBuildDefault builds the default config's model from specs/.
func BenchmarkBuildDefault(b *testing.B) {
	benchBuild(b, defaultConfig(b))
}

// BenchmarkBuildRealCorpus builds every resource of the real corpus.
func BenchmarkBuildRealCorpus(b *testing.B) {
	realSpecs(b)
	benchBuild(b, loadConfigText(b, realCorpusConfig(b, true)))
}

// BenchmarkLoadSpecsDefault parses every spec file the default config's versions name.
func BenchmarkLoadSpecsDefault(b *testing.B) {
	benchLoad(b, defaultConfig(b))
}

// BenchmarkLoadSpecsRealCorpus parses every spec file of the real corpus's configured versions
// (not the files they reference in other folders, such as common-types).
func BenchmarkLoadSpecsRealCorpus(b *testing.B) {
	realSpecs(b)
	benchLoad(b, loadConfigText(b, realCorpusConfig(b, true)))
}

func defaultConfig(b *testing.B) *config.Config {
	cfg, err := config.Load(filepath.Join("..", "..", "config.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	return cfg
}

func benchBuild(b *testing.B, cfg *config.Config) {
	perResource(b, resourceVersions(cfg), func() {
		if _, err := buildDisk(cfg); err != nil {
			b.Fatal(err)
		}
	})
}

// benchLoad parses the version folders' files with a fresh loader each time (no cache), on
// parallel workers as Build does.
func benchLoad(b *testing.B, cfg *config.Config) {
	files := versionFolderFiles(b, cfg)
	var size int64
	for _, f := range files {
		info, err := os.Stat(f)
		if err != nil {
			b.Fatal(err)
		}
		size += info.Size()
	}
	b.SetBytes(size)
	perResource(b, resourceVersions(cfg), func() {
		fetch := newLoader(diskSpecs(cfg), cfg.SpecRoot).prefetch([][]string{files})
		for _, r := range fetch.take(0) {
			if r.err != nil {
				b.Fatal(r.err)
			}
		}
		fetch.stop()
	})
}

// versionFolderFiles lists the spec files of every configured group and version.
func versionFolderFiles(b *testing.B, cfg *config.Config) []string {
	seen := map[string]bool{}
	var files []string
	for _, r := range cfg.Resources {
		g, _ := cfg.Group(r.Group)
		for _, v := range r.Versions {
			stage := "stable"
			if astmodel.IsPreview(v) {
				stage = "preview"
			}
			names, _ := filepath.Glob(filepath.Join(cfg.SpecRoot, filepath.FromSlash(g.Path), stage, v, "*.json"))
			for _, n := range names {
				if !seen[n] {
					seen[n] = true
					files = append(files, n)
				}
			}
		}
	}
	if len(files) == 0 {
		b.Fatal("no spec files")
	}
	return files
}

func resourceVersions(cfg *config.Config) int {
	n := 0
	for _, r := range cfg.Resources {
		n += len(r.Versions)
	}
	return n
}

// perResource runs fn b.N times and reports ns and allocations per resource version.
func perResource(b *testing.B, resources int, fn func()) {
	var before, after runtime.MemStats
	heap := watchHeap()
	runtime.ReadMemStats(&before)
	cpu := cputime.Used()
	b.ReportAllocs()
	for b.Loop() {
		fn()
	}
	cpu = cputime.Used() - cpu
	runtime.ReadMemStats(&after)
	heap.report(b)
	if cpu > 0 {
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	}
	per := float64(b.N * resources)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/resource")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/per, "allocs/resource")
}
