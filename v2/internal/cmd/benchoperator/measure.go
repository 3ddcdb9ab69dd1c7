package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// sizeResult is every phase's numbers for one N.
type sizeResult struct {
	n        int
	fast     fastResult
	load     phaseResult
	restart  restartResult
	inflight inflightResult
}

// measureAll builds the programs once and measures each size on a fresh control plane.
func measureAll(ctx context.Context, opts options, log io.Writer) ([]sizeResult, error) {
	dir, err := os.MkdirTemp("", "asogen-bench-operator-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	progress(log, "building the controller and armserver")
	bins, err := build(ctx, dir)
	if err != nil {
		return nil, err
	}
	ts, err := readTemplates()
	if err != nil {
		return nil, err
	}
	var out []sizeResult
	for _, n := range opts.sizes {
		res, err := measureSize(ctx, opts, bins, ts, n, dir, log)
		if err != nil {
			return nil, fmt.Errorf("size %d: %w", n, err)
		}
		out = append(out, res)
	}
	return out, nil
}

// measureSize runs the phases in order on one control plane: fast (apply, delete), load (20 %
// faults), restart with everything Ready, in-flight probes.
func measureSize(ctx context.Context, opts options, bins binaries, ts []template, n int, dir string, log io.Writer) (sizeResult, error) {
	res := sizeResult{n: n}
	progress(log, "N=%d: starting kube-apiserver, etcd and armserver", n)
	var tee io.Writer
	if opts.verbose {
		tee = log
	}
	r, err := startRig(opts, bins, dir, tee, log)
	if err != nil {
		return res, err
	}
	defer r.stop()
	ctl, err := r.startController()
	if err != nil {
		return res, err
	}
	defer func() {
		if ctl != nil {
			ctl.stop()
		}
	}()
	err = r.runPhases(ctx, &ctl, ts, &res, log)
	return res, err
}

// runPhases runs the phases in order, logging each one's headline; the restart replaces *ctl.
func (r *rig) runPhases(ctx context.Context, ctl **controller, ts []template, res *sizeResult, log io.Writer) error {
	n, opts := res.n, r.opts
	var err error
	progress(log, "N=%d: fast phase (operations done at the first poll, no faults): apply, then delete", n)
	if res.fast, err = r.fastPhase(ctx, *ctl, ts, n); err != nil {
		return err
	}
	progress(log, "N=%d: fast: %d Ready in %.1f s, deleted in %.1f s (%d left), peak RSS %.1f MiB", n,
		res.fast.readyCount, res.fast.ready.Seconds(), res.fast.deleted.Seconds(), res.fast.left, float64(res.fast.rss)/mib)
	progress(log, "N=%d: load phase (%.0f%% faults): apply", n, opts.faultRate*100)
	var objs []*unstructured.Unstructured
	if res.load, objs, err = r.loadPhase(ctx, *ctl, ts, n); err != nil {
		return err
	}
	progress(log, "N=%d: load: %d Ready in %.1f s, %d objects over their PUT budget, peak RSS %.1f MiB", n,
		res.load.readyCount, res.load.ready.Seconds(), res.load.arm.extraPuts, float64(res.load.rss)/mib)
	progress(log, "N=%d: restart with everything Ready", n)
	if *ctl, res.restart, err = r.restartPhase(ctx, *ctl, objs); err != nil {
		return err
	}
	progress(log, "N=%d: restart: %d PUTs, %d GETs, last ARM request %.1f s after the start, %d Ready", n,
		res.restart.puts, res.restart.gets, res.restart.settle.Seconds(), res.restart.stillReady)
	progress(log, "N=%d: %d operations in flight, %d probes", n, min(opts.inflight, n), opts.probes)
	res.inflight, err = r.inflightPhase(ctx, *ctl, ts, n)
	return err
}

func progress(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "bench-operator %s: %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}
