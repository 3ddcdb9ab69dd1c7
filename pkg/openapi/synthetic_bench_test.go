package openapi

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/asogen/asogen/internal/benchcorpus"
	"github.com/asogen/asogen/pkg/config"
)

// Benchmarks over a synthetic corpus written by internal/benchcorpus (the corpus of make bench):
// 1000 kinds × 3 versions by default, about 3,050 spec files and 57 MB; ASOGEN_BENCH_KINDS picks
// another size. Besides time and allocations they report the peak live heap (the heap after a
// garbage collection, what GODEBUG=gctrace=1 shows as the middle number) and the peak heap:
//
//	go test -run '^$' -bench Synthetic -benchmem ./pkg/openapi/

// BenchmarkBuildSynthetic builds the model of the synthetic corpus: loading and building.
func BenchmarkBuildSynthetic(b *testing.B) {
	benchBuild(b, syntheticConfig(b))
}

// BenchmarkLoadSpecsSynthetic parses every spec file of the synthetic corpus's version folders.
func BenchmarkLoadSpecsSynthetic(b *testing.B) {
	benchLoad(b, syntheticConfig(b))
}

// syntheticConfig writes the corpus into a temporary folder and loads its config.
func syntheticConfig(b *testing.B) *config.Config {
	kinds := 1000
	if s := os.Getenv("ASOGEN_BENCH_KINDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatalf("ASOGEN_BENCH_KINDS=%s: %v", s, err)
		}
		kinds = n
	}
	dir := b.TempDir()
	opts := benchcorpus.Options{Kinds: kinds, Versions: 3, Seed: 1, AsogenDir: filepath.Join("..", "..")}
	if err := benchcorpus.Write(dir, opts); err != nil {
		b.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	return cfg
}

// heapWatch samples the runtime's heap metrics until stopped and keeps their peaks.
type heapWatch struct {
	stop         chan struct{}
	done         sync.WaitGroup
	live, allocd uint64
}

var heapSamples = []string{"/gc/heap/live:bytes", "/memory/classes/heap/objects:bytes"}

func watchHeap() *heapWatch {
	runtime.GC()
	w := &heapWatch{stop: make(chan struct{})}
	w.done.Add(1)
	go w.run()
	return w
}

func (w *heapWatch) run() {
	defer w.done.Done()
	samples := make([]metrics.Sample, len(heapSamples))
	for i, name := range heapSamples {
		samples[i].Name = name
	}
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		metrics.Read(samples)
		w.live = max(w.live, samples[0].Value.Uint64())
		w.allocd = max(w.allocd, samples[1].Value.Uint64())
		select {
		case <-w.stop:
			return
		case <-tick.C:
		}
	}
}

// report stops sampling and reports the peaks in MB.
func (w *heapWatch) report(b *testing.B) {
	close(w.stop)
	w.done.Wait()
	b.ReportMetric(float64(w.live)/1e6, "peak-live-MB")
	b.ReportMetric(float64(w.allocd)/1e6, "peak-heap-MB")
}
