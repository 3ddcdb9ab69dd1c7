package parallel

import (
	"sync/atomic"
	"testing"
)

func TestDoCallsEveryIndexOnce(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 100} {
		seen := make([]atomic.Int32, 50)
		Do(len(seen), workers, func(i int) { seen[i].Add(1) })
		for i := range seen {
			if n := seen[i].Load(); n != 1 {
				t.Fatalf("workers=%d: index %d called %d times", workers, i, n)
			}
		}
	}
}

func TestDoBoundsConcurrency(t *testing.T) {
	var running, peak atomic.Int32
	block := make(chan struct{})
	go func() {
		for running.Load() < 2 {
		}
		close(block)
	}()
	Do(6, 2, func(int) {
		n := running.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		<-block
		running.Add(-1)
	})
	if p := peak.Load(); p != 2 {
		t.Fatalf("peak concurrency %d, want 2", p)
	}
}

func TestDoWithNoWork(t *testing.T) {
	Do(0, 4, func(int) { t.Fatal("called without work") })
}

// TestDoCarriesPanicToCaller: a panicking call does not kill the process from a worker; every
// other call still runs and the caller gets the panic, with the worker's stack.
func TestDoCarriesPanicToCaller(t *testing.T) {
	var calls atomic.Int32
	defer func() {
		p, ok := recover().(*Panic)
		if !ok || p.Value != "boom" || len(p.Stack) == 0 || calls.Load() != 10 {
			t.Fatalf("recovered %#v after %d calls", p, calls.Load())
		}
	}()
	Do(10, 3, func(i int) {
		calls.Add(1)
		if i == 4 {
			panic("boom")
		}
	})
}
