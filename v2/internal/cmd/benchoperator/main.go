// Command benchoperator measures the operator at scale (make bench-operator): the controller and
// the armserver program as processes against a real kube-apiserver and etcd (v2/internal/localrun),
// N objects of every configured kind, transient ARM faults, a restart and a deletion. It prints a
// table and checks the targets (PASS/FAIL; exit 1 on a FAIL unless -no-check). See PACKAGE.md
// and BENCHMARKS.md.
//
//	go run ./hack/benchoperator            # N = 1000 and 5000
//	go run ./hack/benchoperator -n 100     # a quick run
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/go-logr/logr"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/asogen/asogen/internal/sizelist"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// options are the harness's flags.
type options struct {
	sizes       []int
	check       bool
	concurrency int           // the controller's --max-concurrent-reconciles
	kubeQPS     int           // KUBE_API_QPS (KUBE_API_BURST is twice that)
	polls       int           // on which poll operations complete in the fast and load phases
	faultRate   float64       // share of PUTs, GETs, DELETEs and polls failed in the load phase
	inflight    int           // operations kept in flight while probing (at most N)
	probes      int           // new objects whose apply-to-first-PUT is measured
	quiet       time.Duration // how long without ARM requests counts as settled after the restart
	verbose     bool          // copy the processes' output to stderr
	etcdFsync   bool          // etcd flushes every write to disk (off: the disk is shared with other work)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	ctrllog.SetLogger(logr.Discard()) // the harness's client logs nothing worth reading
	opts, err := parseFlags(args, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "bench-operator:", err)
		return 2
	}
	results, err := measureAll(ctx, opts, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "bench-operator:", err)
		return 1
	}
	if failed := printReport(stdout, opts, results); failed > 0 && opts.check {
		return 1
	}
	return 0
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("bench-operator", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	sizes := fs.String("n", "1000,5000", "comma-separated numbers of objects, one run each")
	noCheck := fs.Bool("no-check", false, "report the targets but exit 0 when one fails")
	fs.IntVar(&o.concurrency, "concurrency", 10, "the controller's --max-concurrent-reconciles")
	fs.IntVar(&o.kubeQPS, "kube-qps", 500, "KUBE_API_QPS of the controller (KUBE_API_BURST: twice it)")
	fs.IntVar(&o.polls, "polls", 1, "on which poll operations complete in the fast and load phases (0: synchronous, for smoke tests)")
	fs.Float64Var(&o.faultRate, "fault-rate", 0.2, "share of PUTs, GETs, DELETEs and polls failed with 500 in the load phase")
	fs.IntVar(&o.inflight, "inflight", 1000, "operations in flight while measuring apply to first PUT (at most N)")
	fs.IntVar(&o.probes, "probes", 100, "new objects applied while operations are in flight")
	fs.DurationVar(&o.quiet, "quiet", 15*time.Second, "ARM silence that counts as settled after the restart (above the 10s poll interval)")
	fs.BoolVar(&o.etcdFsync, "etcd-fsync", false, "let etcd flush every write to disk (off by default: on a shared machine the disk, not the operator, would set the pace)")
	fs.BoolVar(&o.verbose, "v", false, "copy the controller's and armserver's output to stderr")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	o.check = !*noCheck
	var err error
	if o.sizes, err = sizelist.Parse("n", *sizes); err == nil && (o.concurrency < 1 || o.probes < 1 || o.inflight < 1 || o.polls < 0) {
		err = fmt.Errorf("-concurrency, -probes and -inflight must be at least 1, -polls at least 0")
	}
	return o, err
}
