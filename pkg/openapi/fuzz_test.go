package openapi

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

const fuzzConfig = `module: example.com/fuzz
specRoot: .
groups:
  - name: widget
    path: spec
resources:
  - group: widget
    kind: Widget
    versions: ["2024-01-01"]
`

// FuzzReadSpec feeds arbitrary spec files to the reader: it must return a model or errors, never panic.
// Seeds are the bad-input fixtures. Longer runs: go test ./pkg/openapi -fuzz FuzzReadSpec -fuzztime 5m
func FuzzReadSpec(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "specs", "*", "spec", "stable", "2024-01-01", "*.json"))
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, spec []byte) {
		dir := t.TempDir()
		specDir := filepath.Join(dir, "spec", "stable", "2024-01-01")
		if err := os.MkdirAll(specDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(specDir, "widgets.json"), spec, 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := loadConfigText(t, fuzzConfig)
		cfg.Dir, cfg.SpecRoot = dir, dir
		m, err := Build(cfg)
		if (m == nil) == (err == nil) {
			t.Fatalf("want exactly one of model and error, got %v and %v", m, err)
		}
	})
}

// BenchmarkBuildRealCorpus builds every resource of the real corpus and reports time and
// allocations per resource version.
func BenchmarkBuildRealCorpus(b *testing.B) {
	cfg := loadConfigText(b, realCorpusConfigFor(b))
	resources := 0
	for _, r := range cfg.Resources {
		resources += len(r.Versions)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(cfg); err != nil {
			b.Fatal(err)
		}
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	per := float64(b.N * resources)
	b.ReportMetric(float64(elapsed.Nanoseconds())/per, "ns/resource")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/per, "allocs/resource")
}

func realCorpusConfigFor(tb testing.TB) string {
	realSpecs(tb)
	return realCorpusConfig + realCorpusDirectives
}
