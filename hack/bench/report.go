package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Targets from the issue, for N = the largest size.
const (
	targetColdVsControllerGen = 0.25
	targetNoopVsFloor         = 1.5 // no-op generate × the floor step
	targetVerifyVsCold        = 0.5
	targetGrowth              = 11.0
	targetRSS                 = 1 << 30
	targetVerifyNoCache       = 0.12 // × controller-gen object
	targetEditOneSeconds      = 2.0
	targetEndToEndSeconds     = 20.0    // make generate end to end at N = 1000
	targetEndToEndRSS         = 2 << 30 // peak RSS of any process of it
)

// printReport writes one table per corpus size, the growth factors, the targets and, as the
// last line, the asogen/controller-gen wall ratio of the largest size.
func printReport(w io.Writer, s settings, results []sizeResult) {
	for _, r := range results {
		printSize(w, s, r)
	}
	first, last := results[0], results[len(results)-1]
	if len(results) > 1 {
		printGrowth(w, first, last)
	}
	printTargets(w, first, last)
	fmt.Fprintf(w, "asogen/controller-gen wall ratio: %.2f\n", ratio(last, stepCold, stepControllerGen))
}

func printSize(w io.Writer, s settings, r sizeResult) {
	fmt.Fprintf(w, "\nN=%d kinds, V=%d versions (%d kind-versions), median of %d runs\n", r.kinds, s.versions, r.kinds*s.versions, s.runs)
	fmt.Fprintf(w, "| %-31s | %7s | %7s | %8s | %9s | %8s | %8s |\n", "step", "wall s", "CPU s", "RSS MiB", "ms/kind", "vs c-gen", "vs floor")
	fmt.Fprintf(w, "|%s|%s|%s|%s|%s|%s|%s|\n", dashes(33), dashes(9), dashes(9), dashes(10), dashes(11), dashes(10), dashes(10))
	for i, m := range r.medians {
		fmt.Fprintf(w, "| %-31s | %7.2f | %7.2f | %8.1f | %9.2f | %7.2fx | %7.2fx |\n", stepNames[i],
			m.Wall.Seconds(), m.CPU.Seconds(), float64(m.RSS)/(1<<20), perKind(m.Wall, r.kinds),
			ratio(r, i, stepControllerGen), ratio(r, i, stepFloor))
	}
}

func printGrowth(w io.Writer, first, last sizeResult) {
	fmt.Fprintf(w, "\ngrowth from N=%d to N=%d (%.0fx the kinds), wall time:\n", first.kinds, last.kinds, float64(last.kinds)/float64(first.kinds))
	for i := range stepCount {
		fmt.Fprintf(w, "  %-31s %6.2fx\n", stepNames[i], growth(first, last, i))
	}
}

func printTargets(w io.Writer, first, last sizeResult) {
	fmt.Fprintf(w, "\ntargets at N=%d:\n", last.kinds)
	check(w, "cold generate / controller-gen object <= 0.25", ratio(last, stepCold, stepControllerGen), targetColdVsControllerGen)
	check(w, "no-op generate / floor <= 1.5", ratio(last, stepNoop, stepFloor), targetNoopVsFloor)
	check(w, "verify / cold generate <= 0.50", ratio(last, stepVerify, stepCold), targetVerifyVsCold)
	check(w, "verify without cache / controller-gen object <= 0.12", ratio(last, stepVerifyNoCache, stepControllerGen), targetVerifyNoCache)
	printReplacedTargets(w, last)
	check(w, "generate after editing one spec, seconds <= 2", last.medians[stepEditOne].Wall.Seconds(), targetEditOneSeconds)
	check(w, "generate after adding one kind, seconds <= 2", last.medians[stepAddOne].Wall.Seconds(), targetEditOneSeconds)
	check(w, "make generate end to end, seconds <= 20", last.medians[stepEndToEnd].Wall.Seconds(), targetEndToEndSeconds)
	check(w, "make generate end to end, peak RSS MiB <= 2048", float64(last.medians[stepEndToEnd].RSS)/(1<<20), targetEndToEndRSS/(1<<20))
	if first.kinds != last.kinds {
		check(w, fmt.Sprintf("cold generate growth N=%d..%d <= 11x", first.kinds, last.kinds), growth(first, last, stepCold), targetGrowth)
	}
	var rss int64
	for i := range stepCount {
		if i != stepControllerGen && i != stepControllerGenAll && i != stepFloor && i != stepEndToEnd {
			rss = max(rss, last.medians[i].RSS)
		}
	}
	check(w, "asogen peak RSS MiB at any step <= 1024", float64(rss)/(1<<20), targetRSS/(1<<20))
}

// printReplacedTargets restates the two targets set against controller-gen object against the
// controller-gen run of every generator asogen now replaces (deepcopy, CRDs, webhooks, RBAC), as
// measured in the same run; nothing when that step was not measured (-replaced=false).
func printReplacedTargets(w io.Writer, last sizeResult) {
	if last.medians[stepControllerGenAll].Wall == 0 {
		fmt.Fprintf(w, "  %-50s %8s  %s\n", "(controller-gen, all asogen replaced)", "-", "not measured")
		return
	}
	check(w, "cold generate / controller-gen all replaced <= 0.25", ratio(last, stepCold, stepControllerGenAll), targetColdVsControllerGen)
	check(w, "verify w/o cache / controller-gen all replaced <= 0.12", ratio(last, stepVerifyNoCache, stepControllerGenAll), targetVerifyNoCache)
}

func check(w io.Writer, what string, got, limit float64) {
	verdict := "met"
	if got > limit {
		verdict = fmt.Sprintf("MISSED by %.0f%%", (got/limit-1)*100)
	}
	fmt.Fprintf(w, "  %-50s %8.2f  %s\n", what, got, verdict)
}

func ratio(r sizeResult, a, b int) float64 {
	return r.medians[a].Wall.Seconds() / r.medians[b].Wall.Seconds()
}

func growth(first, last sizeResult, i int) float64 {
	return last.medians[i].Wall.Seconds() / first.medians[i].Wall.Seconds()
}

func perKind(d time.Duration, kinds int) float64 {
	return d.Seconds() * 1000 / float64(kinds)
}

func dashes(n int) string { return strings.Repeat("-", n) }
