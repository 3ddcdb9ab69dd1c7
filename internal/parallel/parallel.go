// Package parallel runs indexed work on a bounded number of goroutines.
package parallel

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Do calls fn(0), …, fn(n-1) on at most workers goroutines (GOMAXPROCS when workers <= 0) and
// returns when every call has returned. Callers write results into slots indexed by i, so the
// outcome does not depend on scheduling. A panic in fn is carried to the caller (see Panic) once
// every call has returned, instead of killing the process from a worker.
func Do(n, workers int, fn func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	work := make(chan int)
	var wg sync.WaitGroup
	var caught Catcher
	for range min(workers, n) {
		wg.Go(func() {
			for i := range work {
				caught.Call(func() { fn(i) })
			}
		})
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
	caught.Repanic()
}

// Panic is a panic caught on a worker goroutine, re-raised on the goroutine that waited for it.
type Panic struct {
	Value any
	Stack []byte // the worker's stack where it panicked
}

func (p *Panic) String() string { return fmt.Sprint(p.Value) }

// PanicStack returns the worker's stack (for a bug report).
func (p *Panic) PanicStack() []byte { return p.Stack }

// Catcher keeps the first panic of the calls made through it. The zero value is ready to use and
// safe for concurrent use.
type Catcher struct{ first atomic.Pointer[Panic] }

// Call runs fn, catching its panic.
func (c *Catcher) Call(fn func()) {
	defer func() {
		if r := recover(); r != nil {
			c.first.CompareAndSwap(nil, &Panic{Value: r, Stack: debug.Stack()})
		}
	}()
	fn()
}

// Repanic re-raises the first caught panic, if any, as a *Panic.
func (c *Catcher) Repanic() {
	if p := c.first.Load(); p != nil {
		panic(p)
	}
}
