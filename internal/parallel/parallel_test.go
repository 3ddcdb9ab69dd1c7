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
