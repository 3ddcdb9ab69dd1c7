package cli

import (
	"runtime/debug"
	"testing"
)

// gcState returns the current GC percentage and soft memory limit.
func gcState() (int, int64) {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p, debug.SetMemoryLimit(-1)
}

// TestRunGCSettings: the loading and then the emission settings apply, and reset restores the
// ones in force before, even after they were applied twice; GOGC and GOMEMLIMIT in the
// environment win.
func TestRunGCSettings(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	percent, limit := gcState()
	var g gcSettings
	g.loading()
	if p, l := gcState(); p != loadGCPercent || l != gcMemoryLimit {
		t.Errorf("while loading: GC percent %d, limit %d; want %d, %d", p, l, loadGCPercent, gcMemoryLimit)
	}
	g.emission()
	g.emission()
	if p, l := gcState(); p != emitGCPercent || l != gcMemoryLimit {
		t.Errorf("during emission: GC percent %d, limit %d; want %d, %d", p, l, emitGCPercent, gcMemoryLimit)
	}
	g.reset()
	if p, l := gcState(); p != percent || l != limit {
		t.Errorf("after reset: GC percent %d, limit %d; want %d, %d", p, l, percent, limit)
	}
	t.Setenv("GOGC", "50")
	t.Setenv("GOMEMLIMIT", "2GiB")
	g.loading()
	g.emission()
	if p, l := gcState(); p != percent || l != limit {
		t.Errorf("with GOGC and GOMEMLIMIT set, the settings changed them to %d, %d", p, l)
	}
	g.reset()
}
