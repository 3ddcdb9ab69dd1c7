// Package parallel runs indexed work on a bounded number of goroutines.
package parallel

import (
	"runtime"
	"sync"
)

// Do calls fn(0), …, fn(n-1) on at most workers goroutines (GOMAXPROCS when workers <= 0) and
// returns when every call has returned. Callers write results into slots indexed by i, so the
// outcome does not depend on scheduling.
func Do(n, workers int, fn func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for i := range work {
				fn(i)
			}
		})
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
}
