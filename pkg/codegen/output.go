package codegen

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/asogen/asogen/pkg/fileset"
)

// output hands the generated files to the sink and holds them to the plan: every planned path
// arrives exactly once and nothing else does. A mismatch is a generator bug.
type output struct {
	ctx     context.Context // done: files are refused
	sink    fileset.Sink
	roots   []string
	paths   []string // the plan, sorted
	mu      sync.Mutex
	pending map[string]bool // planned paths that have not arrived yet
}

// newOutput returns the output to sink.
func newOutput(ctx context.Context, sink fileset.Sink, roots []string) *output {
	return &output{ctx: ctx, sink: sink, roots: roots}
}

// plan records the paths of the run and hands them to the sink, which may refuse the run. The
// paths of reused (the units the cache vouches for) are not produced: the sink is told them
// first (fileset.Vouching), and every other path must then arrive. Errors of the sink come back
// as they are.
func (o *output) plan(paths, reused []string) error {
	if len(reused) > 0 {
		v, ok := o.sink.(fileset.Vouching)
		if !ok {
			return errors.New("internal error: units are reused with a sink that cannot take vouched files")
		}
		v.Vouch(reused)
	}
	sorted := slices.Sorted(slices.Values(paths))
	o.pending = make(map[string]bool, len(sorted))
	for _, p := range sorted {
		if o.pending[p] {
			return fmt.Errorf("internal error: %s is planned twice", p)
		}
		o.pending[p] = true
	}
	for _, p := range reused {
		delete(o.pending, p)
	}
	o.paths = sorted
	return o.sink.Plan(sorted, o.roots)
}

// put hands one file to the sink, unless the run's context is done.
func (o *output) put(p string, content []byte) error {
	if err := o.ctx.Err(); err != nil {
		return err
	}
	if err := o.arrive(p); err != nil {
		return err
	}
	return o.sink.Put(p, content)
}

func (o *output) arrive(p string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.pending[p] {
		return fmt.Errorf("internal error: generated %s, which was not planned or was generated twice", p)
	}
	delete(o.pending, p)
	return nil
}

// complete reports planned paths that were never generated.
func (o *output) complete() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.pending) == 0 {
		return nil
	}
	missing := slices.Sorted(maps.Keys(o.pending))
	return fmt.Errorf("internal error: %d planned files were not generated, such as %s", len(missing), missing[0])
}
