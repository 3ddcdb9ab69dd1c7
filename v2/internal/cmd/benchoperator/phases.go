package main

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/asogen/asogen/v2/internal/testing/armserver"
)

// phaseResult is what every phase that applies objects measures.
type phaseResult struct {
	objects    int
	ready      time.Duration // from the first create to every object Ready
	readyCount int           // objects Ready at the end (== objects unless it timed out)
	arm        armStats
	kube       map[string]float64 // the controller's API server requests by method
	rss        int64              // the controller's peak RSS so far
	goroutines int                // the most goroutines sampled during the phase
}

// fastResult adds deletion to the phase without faults.
type fastResult struct {
	phaseResult
	deleted time.Duration // from deleting to every object gone
	left    int           // objects left when the wait ended
}

// restartResult is the controller restart with every object Ready.
type restartResult struct {
	puts, gets, requests int
	settle               time.Duration // from the new process's start to its last ARM request
	stillReady           int
	rss                  int64
	goroutines           int
}

// inflightResult is apply-to-first-PUT latency while operations are in flight.
type inflightResult struct {
	inflight   int // operations accepted and still running when the probes were applied
	probes     int
	measured   int // probes that got a PUT within the wait
	p50, p99   time.Duration
	rss        int64
	goroutines int
}

// pollEvery is how often the harness lists objects while waiting for n of them.
func pollEvery(n int) time.Duration {
	if n <= 200 {
		return 250 * time.Millisecond
	}
	return time.Second
}

// perObject scales a timeout with the number of objects, never below floor.
func perObject(n int, each, floor time.Duration) time.Duration {
	return max(floor, time.Duration(n)*each)
}

// applyAndWait applies objs and waits until all are Ready, measuring from the first create.
func (r *rig) applyAndWait(ctx context.Context, ctl *controller, objs []*unstructured.Unstructured, timeout time.Duration) (phaseResult, error) {
	res := phaseResult{objects: len(objs)}
	if err := createNamespace(ctx, r.kube, objs[0].GetNamespace()); err != nil {
		return res, err
	}
	before, err := fetchMetrics(ctl.metrics)
	if err != nil {
		return res, err
	}
	start := time.Now()
	if err := applyAll(ctx, r.kube, objs); err != nil {
		return res, err
	}
	count := func() (int, error) { return readyCount(ctx, r.kube, objs) }
	res.readyCount, _, err = waitFor(ctx, timeout, pollEvery(len(objs)), count, func(n int) bool { return n >= len(objs) })
	res.ready = time.Since(start)
	if err != nil {
		return res, err
	}
	return res, r.finishPhase(ctl, &res, before, start)
}

// finishPhase reads the ARM log, the controller's API server requests and its samples.
func (r *rig) finishPhase(ctl *controller, res *phaseResult, before scrape, start time.Time) error {
	after, err := fetchMetrics(ctl.metrics)
	if err != nil {
		return err
	}
	log, err := r.arm.RequestsWithoutBodies()
	if err != nil {
		return err
	}
	res.arm = summarize(between(log, start, time.Now()))
	res.kube = kubeRequestsSince(before, after)
	res.rss, res.goroutines = ctl.sampler.take()
	return nil
}

// fastPhase applies n objects with operations finishing at the first poll and no faults, waits
// for all to be Ready, then deletes them all and waits until they are gone.
func (r *rig) fastPhase(ctx context.Context, ctl *controller, ts []template, n int) (fastResult, error) {
	var res fastResult
	if err := r.configure(armserver.Settings{PollsToComplete: r.opts.polls}, 0); err != nil {
		return res, err
	}
	objs := objectSet(ts, n, "bench-fast", "f")
	var err error
	if res.phaseResult, err = r.applyAndWait(ctx, ctl, objs, perObject(n, 300*time.Millisecond, 3*time.Minute)); err != nil {
		return res, err
	}
	before, err := fetchMetrics(ctl.metrics)
	if err != nil {
		return res, err
	}
	start := time.Now()
	gvks := kinds(objs)
	if err := deleteEach(ctx, r.kube, objs); err != nil {
		return res, err
	}
	count := func() (int, error) { return remaining(ctx, r.kube, gvks, "bench-fast") }
	res.left, _, err = waitFor(ctx, perObject(n, 150*time.Millisecond, 2*time.Minute), pollEvery(n), count, func(n int) bool { return n == 0 })
	res.deleted = time.Since(start)
	if err != nil {
		return res, err
	}
	var del phaseResult
	err = r.finishPhase(ctl, &del, before, start)
	res.arm, res.kube = addStats(res.arm, del.arm), addCounts(res.kube, del.kube)
	return res, err
}

// loadPhase applies n objects while the ARM server fails the fault rate of PUTs, GETs, DELETEs
// and operation polls with 500, and waits until all are Ready. The objects stay.
func (r *rig) loadPhase(ctx context.Context, ctl *controller, ts []template, n int) (phaseResult, []*unstructured.Unstructured, error) {
	objs := objectSet(ts, n, "bench-load", "l")
	if err := r.configure(armserver.Settings{PollsToComplete: r.opts.polls}, r.opts.faultRate); err != nil {
		return phaseResult{}, objs, err
	}
	res, err := r.applyAndWait(ctx, ctl, objs, perObject(n, 500*time.Millisecond, 5*time.Minute))
	if err == nil {
		err = r.configure(armserver.Settings{PollsToComplete: r.opts.polls}, 0)
	}
	return res, objs, err
}

// configure sets the ARM server's settings and its fault rules: rate on PUT, GET, DELETE and
// POLL, or none when rate is 0.
func (r *rig) configure(s armserver.Settings, rate float64) error {
	if err := r.arm.Configure(s); err != nil {
		return err
	}
	if err := r.arm.ClearFaultRules(); err != nil || rate == 0 {
		return err
	}
	for _, m := range []string{"PUT", "GET", "DELETE", methodPoll} {
		if err := r.arm.SetFaultRule(armserver.FaultRule{Method: m, Rate: rate, Status: 500}); err != nil {
			return err
		}
	}
	return nil
}

// addStats adds two phases' ARM counts (the PUT check is the first one's).
func addStats(a, b armStats) armStats {
	out := a
	out.byMethod = map[string]int{}
	for m, v := range a.byMethod {
		out.byMethod[m] += v
	}
	for m, v := range b.byMethod {
		out.byMethod[m] += v
	}
	out.faults += b.faults
	return out
}

func addCounts(a, b map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for m, v := range a {
		out[m] += v
	}
	for m, v := range b {
		out[m] += v
	}
	return out
}
