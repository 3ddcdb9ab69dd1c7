package cli

import (
	"os"
	"runtime/debug"
)

// Garbage collection during emission (see BENCHMARKS.md, "GC settings for emission").
//
// While the specs load, the live heap peaks and Go's default pacing is right. Once the sink has
// accepted the plan the specs are gone: the live heap is the model alone, and each generated file
// leaves the process as soon as it is printed. With the default GOGC=100 the collector would then
// run every time the heap grows by one model, marking the whole model again, although emission
// keeps almost nothing of what it allocates. So from the plan on, the heap may grow to
// emitGCPercent over the live heap, capped by the soft limit emitMemoryLimit: fewer collections,
// the same bytes, and a heap that stays within asogen's 1 GiB budget.
const (
	emitGCPercent   = 300
	emitMemoryLimit = 900 << 20
)

// gcSettings switches to the emission settings and back. GOGC and GOMEMLIMIT set in the
// environment win.
type gcSettings struct {
	restore []func()
}

// emission applies the emission settings.
func (g *gcSettings) emission() {
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(emitGCPercent)
		g.restore = append(g.restore, func() { debug.SetGCPercent(old) })
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		old := debug.SetMemoryLimit(emitMemoryLimit)
		g.restore = append(g.restore, func() { debug.SetMemoryLimit(old) })
	}
}

// reset restores the settings in force before emission, the last applied first.
func (g *gcSettings) reset() {
	for i := len(g.restore) - 1; i >= 0; i-- {
		g.restore[i]()
	}
	g.restore = nil
}
