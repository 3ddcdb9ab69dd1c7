package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// Targets from the issue.
const (
	targetP99FirstPut   = 2 * time.Second
	targetRSS           = 256 << 20
	targetRSSObjects    = 5000
	targetReady1000     = 60 * time.Second
	targetDeleted1000   = 30 * time.Second
	targetReady5000     = 5 * time.Minute
	targetSmallObjects  = 1000
	targetLargeObjects  = 5000
	mib                 = 1 << 20
	perObjectColumnWide = 7
)

// printReport writes each size's tables and targets and returns how many targets failed.
func printReport(w io.Writer, opts options, results []sizeResult) int {
	failed := 0
	for _, r := range results {
		printSize(w, opts, r)
		failed += printTargets(w, r)
	}
	return failed
}

func printSize(w io.Writer, opts options, r sizeResult) {
	fmt.Fprintf(w, "\nN=%d objects, controller --max-concurrent-reconciles=%d KUBE_API_QPS=%d, operations done at poll %d, load phase %.0f%% faults\n",
		r.n, opts.concurrency, opts.kubeQPS, opts.polls, opts.faultRate*100)
	fmt.Fprintf(w, "| %-40s | %8s | %9s | %-12s |\n", "phase", "wall s", "objects/s", "objects")
	fmt.Fprintf(w, "|%s|%s|%s|%s|\n", dashes(42), dashes(10), dashes(11), dashes(14))
	row(w, "fast: apply to all Ready", r.fast.ready, r.n, fmt.Sprintf("%d Ready", r.fast.readyCount))
	row(w, "fast: delete to all gone", r.fast.deleted, r.n, fmt.Sprintf("%d left", r.fast.left))
	row(w, fmt.Sprintf("load (%.0f%% faults): apply to all Ready", opts.faultRate*100), r.load.ready, r.n, fmt.Sprintf("%d Ready", r.load.readyCount))
	row(w, "restart: start to last ARM request", r.restart.settle, 0, fmt.Sprintf("%d Ready", r.restart.stillReady))
	printARM(w, r)
	printKube(w, r)
	settled := "settled"
	if r.restart.stillReady < r.n {
		settled = fmt.Sprintf("NOT settled (%d of %d Ready) at the deadline,", r.restart.stillReady, r.n)
	}
	fmt.Fprintf(w, "restart with everything Ready: %d PUTs, %d GETs, %d ARM requests, %s %.2f s after the start\n",
		r.restart.puts, r.restart.gets, r.restart.requests, settled, r.restart.settle.Seconds())
	fmt.Fprintf(w, "apply to first PUT with %d operations in flight: p50 %.3f s, p99 %.3f s (%d of %d probes got a PUT; the others count to the end of the wait)\n",
		r.inflight.inflight, r.inflight.p50.Seconds(), r.inflight.p99.Seconds(), r.inflight.measured, r.inflight.probes)
	fmt.Fprintf(w, "controller peak RSS: %.1f MiB with N objects, %.1f MiB after the in-flight phase\n",
		float64(nObjectsRSS(r))/mib, float64(r.inflight.rss)/mib)
	fmt.Fprintf(w, "controller goroutines (max sampled): fast %d, load %d, restart %d, in-flight %d\n",
		r.fast.goroutines, r.load.goroutines, r.restart.goroutines, r.inflight.goroutines)
}

// nObjectsRSS is the controllers' peak RSS while they held the N objects (before the in-flight phase).
func nObjectsRSS(r sizeResult) int64 {
	return max(r.fast.rss, r.load.rss, r.restart.rss)
}

func row(w io.Writer, name string, d time.Duration, n int, objects string) {
	rate := "-"
	if n > 0 && d > 0 {
		rate = fmt.Sprintf("%.1f", float64(n)/d.Seconds())
	}
	fmt.Fprintf(w, "| %-40s | %8.2f | %9s | %-12s |\n", name, d.Seconds(), rate, objects)
}

func printARM(w io.Writer, r sizeResult) {
	fmt.Fprintf(w, "ARM requests per object (armserver /requests):\n  %-22s", "phase")
	for _, m := range armMethods {
		fmt.Fprintf(w, " %*s", perObjectColumnWide, m)
	}
	fmt.Fprintf(w, " %*s %s\n", perObjectColumnWide, "faults", "  resources")
	armRow(w, "fast (apply + delete)", r.fast.arm, r.n)
	armRow(w, "load", r.load.arm, r.n)
}

func armRow(w io.Writer, name string, s armStats, n int) {
	fmt.Fprintf(w, "  %-22s", name)
	for _, m := range armMethods {
		fmt.Fprintf(w, " %*.2f", perObjectColumnWide, float64(s.byMethod[m])/float64(n))
	}
	fmt.Fprintf(w, " %*.2f   %d\n", perObjectColumnWide, float64(s.faults)/float64(n), s.resources)
}

func printKube(w io.Writer, r sizeResult) {
	fmt.Fprintln(w, "Kubernetes requests per object (the controller's rest_client_requests_total by method):")
	kubeRow(w, "fast (apply + delete)", r.fast.kube, r.n)
	kubeRow(w, "load", r.load.kube, r.n)
}

func kubeRow(w io.Writer, name string, counts map[string]float64, n int) {
	methods := make([]string, 0, len(counts))
	total := 0.0
	for m, v := range counts {
		methods = append(methods, m)
		total += v
	}
	sort.Strings(methods)
	parts := []string{fmt.Sprintf("total %.2f", total/float64(n))}
	for _, m := range methods {
		parts = append(parts, fmt.Sprintf("%s %.2f", m, counts[m]/float64(n)))
	}
	fmt.Fprintf(w, "  %-22s %s\n", name, strings.Join(parts, ", "))
}

// printTargets checks the targets that apply to r's size and returns how many failed.
func printTargets(w io.Writer, r sizeResult) int {
	fmt.Fprintf(w, "targets at N=%d:\n", r.n)
	failed := 0
	check := func(ok bool, what, got string) {
		verdict := "PASS"
		if !ok {
			verdict, failed = "FAIL", failed+1
		}
		fmt.Fprintf(w, "  %s  %-62s %s\n", verdict, what, got)
	}
	check(r.restart.puts == 0, "restart with nothing changed sends 0 PUTs", fmt.Sprint(r.restart.puts))
	check(r.inflight.measured == r.inflight.probes && r.inflight.p99 <= targetP99FirstPut,
		fmt.Sprintf("p99 apply to first PUT, %d operations in flight, <= 2 s", r.inflight.inflight),
		fmt.Sprintf("%.3f s (%d/%d probes)", r.inflight.p99.Seconds(), r.inflight.measured, r.inflight.probes))
	check(r.load.arm.extraPuts == 0 && r.load.readyCount == r.n, "every object's PUTs <= 1 + its injected PUT faults (load)",
		extraPuts(r.load))
	if r.n >= targetRSSObjects {
		check(nObjectsRSS(r) <= targetRSS, "controller peak RSS <= 256 MiB", fmt.Sprintf("%.1f MiB", float64(nObjectsRSS(r))/mib))
	}
	switch r.n {
	case targetSmallObjects:
		check(r.fast.readyCount == r.n && r.fast.ready <= targetReady1000, "1,000 objects Ready within 60 s (fast)", seconds(r.fast.ready))
		check(r.fast.left == 0 && r.fast.deleted <= targetDeleted1000, "1,000 objects deleted within 30 s (fast)", seconds(r.fast.deleted))
	case targetLargeObjects:
		check(r.fast.readyCount == r.n && r.fast.ready <= targetReady5000, "5,000 objects Ready within 5 minutes (fast)", seconds(r.fast.ready))
	}
	return failed
}

func extraPuts(p phaseResult) string {
	if p.arm.extraPuts == 0 {
		return fmt.Sprintf("0 objects over (%d of %d Ready)", p.readyCount, p.objects)
	}
	return fmt.Sprintf("%d objects over, worst %s", p.arm.extraPuts, p.arm.worst)
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func dashes(n int) string { return strings.Repeat("-", n) }

// lastLines is the end of a process's output, for errors.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
