package cli

import (
	"os"
	"runtime/debug"
)

// Garbage collection settings of a run (see BENCHMARKS.md, "GC settings").
//
// While the specs load, the live heap grows from nothing to the model (about 150 MB at 1000
// kinds). Go's default GOGC=100 collects every time the heap doubles, and the heap doubles
// about forty times on the way: the collector ran for more than half of the loading time,
// marking the same young model again and again. So loading runs with loadGCPercent.
//
// Once the sink has accepted the plan, the live heap is the model alone, and each generated file
// leaves the process as soon as it is printed. With the default the collector would run every
// time the heap grows by one model, marking the whole model again, although emission keeps almost
// nothing of what it allocates. So from the plan on, the heap may grow to emitGCPercent over the
// live heap.
//
// The soft limit gcMemoryLimit holds in both phases and keeps the heap within asogen's 1 GiB
// budget.
const (
	loadGCPercent = 400
	emitGCPercent = 300
	gcMemoryLimit = 900 << 20
)

// gcSettings switches to the run's settings and back. GOGC and GOMEMLIMIT set in the
// environment win.
type gcSettings struct {
	restore  []func()
	limitSet bool
	gogcSet  bool
}

// loading applies the settings for loading the specs.
func (g *gcSettings) loading() { g.apply(loadGCPercent) }

// emission applies the emission settings.
func (g *gcSettings) emission() { g.apply(emitGCPercent) }

// apply sets GOGC to percent and the soft memory limit, remembering the settings in force before
// the first change for reset.
func (g *gcSettings) apply(percent int) {
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(percent)
		if !g.gogcSet {
			g.gogcSet = true
			g.restore = append(g.restore, func() { debug.SetGCPercent(old) })
		}
	}
	if os.Getenv("GOMEMLIMIT") == "" && !g.limitSet {
		g.limitSet = true
		old := debug.SetMemoryLimit(gcMemoryLimit)
		g.restore = append(g.restore, func() { debug.SetMemoryLimit(old) })
	}
}

// reset restores the settings in force before the run, the last applied first.
func (g *gcSettings) reset() {
	for i := len(g.restore) - 1; i >= 0; i-- {
		g.restore[i]()
	}
	*g = gcSettings{}
}
