package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// interruption is the first SIGINT or SIGTERM a run receives. The run stops at its next step
// (a stage, a file handed to the sink, the wait for the lock), leaves the tree as it was,
// removes its lock and temporary files, and exits 128 + the signal's number with one line. A
// second signal is not caught: it ends the process at once.
type interruption struct {
	stop chan struct{} // closed when the signal arrives
	once sync.Once
	sig  os.Signal // set before stop closes
	ch   chan os.Signal
}

// watchSignals starts catching SIGINT and SIGTERM until the returned function is called.
func watchSignals() (*interruption, func()) {
	in := &interruption{stop: make(chan struct{}), ch: make(chan os.Signal, 1)}
	signal.Notify(in.ch, syscall.SIGINT, syscall.SIGTERM)
	quit := make(chan struct{})
	go func() {
		select {
		case s := <-in.ch:
			signal.Stop(in.ch)
			in.sig = s
			close(in.stop)
		case <-quit:
		}
	}()
	return in, func() { in.once.Do(func() { signal.Stop(in.ch); close(quit) }) }
}

// err returns the error that ends an interrupted run (nil when no signal arrived; a nil
// interruption has none).
func (in *interruption) err() error {
	if in == nil {
		return nil
	}
	select {
	case <-in.stop:
	default:
		return nil
	}
	code := 128
	if s, ok := in.sig.(syscall.Signal); ok {
		code += int(s)
	}
	return &exitError{code: code, err: fmt.Errorf("interrupted by %s: stopped, the generated files are as they were", signalName(in.sig))}
}

// context returns a context canceled when a signal arrives (never for a nil interruption), and
// its cancel function, to call when the run ends.
func (in *interruption) context() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	if in == nil {
		return ctx, cancel
	}
	go func() {
		select {
		case <-in.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// stopped is closed once a signal arrived (nil: never).
func (in *interruption) stopped() <-chan struct{} {
	if in == nil {
		return nil
	}
	return in.stop
}

func signalName(s os.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}
