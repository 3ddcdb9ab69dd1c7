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
	r, err := startRig(opts, bins, dir, tee)
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
	progress(log, "N=%d: fast phase (operations done at the first poll, no faults): apply, then delete", n)
	if res.fast, err = r.fastPhase(ctx, ctl, ts, n); err != nil {
		return res, err
	}
	progress(log, "N=%d: load phase (%.0f%% faults): apply", n, opts.faultRate*100)
	var objs []*unstructured.Unstructured
	if res.load, objs, err = r.loadPhase(ctx, ctl, ts, n); err != nil {
		return res, err
	}
	progress(log, "N=%d: restart with everything Ready", n)
	if ctl, res.restart, err = r.restartPhase(ctx, ctl, objs); err != nil {
		return res, err
	}
	progress(log, "N=%d: %d operations in flight, %d probes", n, min(opts.inflight, n), opts.probes)
	res.inflight, err = r.inflightPhase(ctx, ctl, ts, n)
	return res, err
}

func progress(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "bench-operator %s: %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}
