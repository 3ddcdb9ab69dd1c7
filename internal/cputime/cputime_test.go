package cputime

import (
	"runtime"
	"testing"
)

// TestUsedGrowsWithWork: spinning for a while shows up as CPU time on systems that measure it.
func TestUsedGrowsWithWork(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("CPU time is not measured here")
	}
	before := Used()
	x := 0
	for i := range 50_000_000 {
		x ^= i
	}
	if after := Used(); after <= before {
		t.Errorf("CPU time did not grow over a busy loop (%v, then %v; %d)", before, after, x)
	}
}
