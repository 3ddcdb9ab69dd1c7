package main

import (
	"context"
	"math"
	"sort"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/asogen/asogen/v2/internal/testing/armserver"
)

// inflightPhase keeps opts.inflight operations running (operations that take an hour), then
// applies opts.probes new private endpoints one every probeSpacing and measures from each
// create to its first PUT.
func (r *rig) inflightPhase(ctx context.Context, ctl *controller, ts []template, n int) (inflightResult, error) {
	res := inflightResult{inflight: min(r.opts.inflight, n), probes: r.opts.probes}
	const ns, rg = "bench-inflight", "irg"
	if err := r.startInflight(ctx, ts, ns, rg, &res); err != nil {
		return res, err
	}
	progress(r.log, "N=%d: %d operations in flight; applying %d probes", n, res.inflight, res.probes)
	probes := endpointSet(privateEndpoints(ts), res.probes, rg, ns, "iprobe")
	applied, err := r.applyProbes(ctx, probes, rg)
	if err != nil {
		return res, err
	}
	latencies, measured, err := r.firstPutLatencies(ctx, applied)
	if err != nil {
		return res, err
	}
	res.measured = measured
	res.p50, res.p99 = percentile(latencies, 0.50), percentile(latencies, 0.99)
	res.rss, res.goroutines = ctl.sampler.take()
	return res, nil
}

// startInflight applies a resource group, waits for it, and applies res.inflight private
// endpoints whose operations last an hour, waiting until ARM accepted a PUT for each (res.inflight
// is set to those accepted) and the controller has recorded each one's condition.
func (r *rig) startInflight(ctx context.Context, ts []template, ns, rg string, res *inflightResult) error {
	if err := r.configure(armserver.Settings{PollsToComplete: 1}, 0); err != nil {
		return err
	}
	group := []*unstructured.Unstructured{resourceGroup(ts, rg, ns)}
	if _, err := r.applyReady(ctx, group); err != nil {
		return err
	}
	if err := r.configure(armserver.Settings{PollsToComplete: 1, OperationMillis: time.Hour.Milliseconds()}, 0); err != nil {
		return err
	}
	pes := endpointSet(privateEndpoints(ts), res.inflight, rg, ns, "ipe")
	ids := make([]string, len(pes))
	for i, pe := range pes {
		ids[i] = endpointID(rg, pe.GetName())
	}
	start := time.Now()
	if err := applyAll(ctx, r.kube, pes); err != nil {
		return err
	}
	accepted := func() (int, error) {
		log, err := r.arm.RequestsSince(start)
		return acceptedPuts(log, ids), err
	}
	all := func(n int) bool { return n >= len(pes) }
	var err error
	if res.inflight, _, err = waitFor(ctx, perObject(len(pes), 500*time.Millisecond, 2*time.Minute), time.Second, accepted, all); err != nil {
		return err
	}
	progress(r.log, "in-flight: %d PUTs accepted in %.1f s", res.inflight, time.Since(start).Seconds())
	recorded := func() (int, error) { return countWhere(ctx, r.kube, pes, hasReadyCondition) }
	_, _, err = waitFor(ctx, time.Minute, time.Second, recorded, all)
	return err
}

// applyReady creates the namespace and objs and waits (up to a minute) until they are Ready.
func (r *rig) applyReady(ctx context.Context, objs []*unstructured.Unstructured) (int, error) {
	if err := createNamespace(ctx, r.kube, objs[0].GetNamespace()); err != nil {
		return 0, err
	}
	if err := applyAll(ctx, r.kube, objs); err != nil {
		return 0, err
	}
	count := func() (int, error) { return readyCount(ctx, r.kube, objs) }
	n, _, err := waitFor(ctx, time.Minute, 250*time.Millisecond, count, func(n int) bool { return n >= len(objs) })
	return n, err
}

// probeSpacing paces the probes: one new object at a time, as a user applies them.
const probeSpacing = 200 * time.Millisecond

// applyProbes creates each probe, one every probeSpacing, and returns when each create was sent,
// by the probe's ARM ID.
func (r *rig) applyProbes(ctx context.Context, probes []*unstructured.Unstructured, rg string) (map[string]time.Time, error) {
	applied := map[string]time.Time{}
	for _, p := range probes {
		at := time.Now()
		if err := r.kube.Create(ctx, p); err != nil {
			return nil, err
		}
		applied[endpointID(rg, p.GetName())] = at
		time.Sleep(probeSpacing)
	}
	return applied, nil
}

// probeWait bounds the wait for the probes' first PUTs.
const probeWait = 2 * time.Minute

// firstPutLatencies waits (up to probeWait) until every probe has been sent a PUT and returns
// the time from each probe's create to its first PUT, and how many got one. A probe without a
// PUT counts as the time from its create to the end of the wait (a lower bound), so the
// percentiles never flatter a controller that fell behind.
func (r *rig) firstPutLatencies(ctx context.Context, applied map[string]time.Time) ([]time.Duration, int, error) {
	var from time.Time
	ids := make([]string, 0, len(applied))
	for id, at := range applied {
		ids = append(ids, id)
		if from.IsZero() || at.Before(from) {
			from = at
		}
	}
	var firsts map[string]time.Time
	count := func() (int, error) {
		log, err := r.arm.RequestsSince(from)
		firsts = firstPuts(log, ids)
		return len(firsts), err
	}
	if _, _, err := waitFor(ctx, probeWait, 500*time.Millisecond, count, func(n int) bool { return n >= len(ids) }); err != nil {
		return nil, 0, err
	}
	end := time.Now()
	out := make([]time.Duration, 0, len(applied))
	for id, at := range applied {
		t, ok := firsts[id]
		if !ok {
			t = end
		}
		out = append(out, t.Sub(at))
	}
	return out, len(firsts), nil
}

// percentile is the nearest-rank percentile p (0..1) of ds; 0 when ds is empty.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	rank := int(math.Ceil(p*float64(len(s)))) - 1
	return s[min(max(rank, 0), len(s)-1)]
}
