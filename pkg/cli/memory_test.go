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

// TestEmissionGCSettings: the emission settings apply and reset restores the previous ones, even
// after they were applied twice; GOGC and GOMEMLIMIT in the environment win.
func TestEmissionGCSettings(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	percent, limit := gcState()
	var g gcSettings
	g.emission()
	g.emission()
	if p, l := gcState(); p != emitGCPercent || l != emitMemoryLimit {
		t.Errorf("during emission: GC percent %d, limit %d; want %d, %d", p, l, emitGCPercent, emitMemoryLimit)
	}
	g.reset()
	if p, l := gcState(); p != percent || l != limit {
		t.Errorf("after reset: GC percent %d, limit %d; want %d, %d", p, l, percent, limit)
	}
	t.Setenv("GOGC", "50")
	t.Setenv("GOMEMLIMIT", "2GiB")
	g.emission()
	if p, l := gcState(); p != percent || l != limit {
		t.Errorf("with GOGC and GOMEMLIMIT set, emission changed them to %d, %d", p, l)
	}
	g.reset()
}
