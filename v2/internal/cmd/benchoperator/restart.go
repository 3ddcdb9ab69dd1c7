package main

import (
	"context"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/asogen/asogen/v2/internal/testing/armserver"
)

// restartPhase stops the controller with every object Ready and nothing changed, starts a new
// one and counts what it sends to ARM until it has been quiet for opts.quiet with every object
// Ready. It returns the new controller.
func (r *rig) restartPhase(ctx context.Context, old *controller, objs []*unstructured.Unstructured) (*controller, restartResult, error) {
	var res restartResult
	old.stop()
	start := time.Now()
	ctl, err := r.startController()
	if err != nil {
		return nil, res, err
	}
	log, last, err := r.settle(ctx, start, objs)
	if err != nil {
		return ctl, res, err
	}
	res.settle = last.Sub(start)
	for _, q := range log {
		res.requests++
		switch method(q) {
		case http.MethodPut:
			res.puts++
		case http.MethodGet:
			res.gets++
		}
	}
	if res.stillReady, err = readyCount(ctx, r.kube, objs); err != nil {
		return ctl, res, err
	}
	res.rss, res.goroutines = ctl.sampler.take()
	return ctl, res, nil
}

// settle waits until the controller has sent nothing to ARM for opts.quiet and every object
// is Ready (or a timeout passes); it returns the requests received after start and the time of
// the last one (start when there was none).
func (r *rig) settle(ctx context.Context, start time.Time, objs []*unstructured.Unstructured) ([]armserver.Request, time.Time, error) {
	deadline := start.Add(perObject(len(objs), 300*time.Millisecond, 3*time.Minute))
	var log []armserver.Request
	last := start
	for {
		more, err := r.untilQuiet(ctx, &last, deadline)
		log = append(log, more...)
		if err != nil {
			return log, last, err
		}
		ready, err := readyCount(ctx, r.kube, objs)
		if err != nil || ready == len(objs) || time.Now().After(deadline) {
			return log, last, err
		}
	}
}

// untilQuiet collects the ARM requests received after *last, moving *last to the newest,
// until none has come for opts.quiet or the deadline passes.
func (r *rig) untilQuiet(ctx context.Context, last *time.Time, deadline time.Time) ([]armserver.Request, error) {
	var log []armserver.Request
	for time.Since(*last) < r.opts.quiet && time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			return log, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
		more, err := r.arm.RequestsSince(*last)
		if err != nil {
			return log, err
		}
		if len(more) > 0 {
			log = append(log, more...)
			*last = more[len(more)-1].Time
		}
	}
	return log, nil
}
