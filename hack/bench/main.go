// Command bench measures asogen at scale on synthetic corpora (internal/benchcorpus), side by
// side with controller-gen and an I/O floor, and prints a table. See BENCHMARKS.md.
//
//	go run ./hack/bench          # N = 100, 300, 1000 kinds; V = 3; 3 runs each (median)
//	go run ./hack/bench -quick   # N = 20, 40; 1 run: a smoke test of the harness
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/asogen/asogen/internal/sizelist"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// settings are the harness's flags.
type settings struct {
	kinds    []int
	versions int
	runs     int
	seed     int64
	work     string // folder for binaries and corpora; a temporary one when empty
	keep     bool   // keep the work folder
	replaced bool   // also time every controller-gen generator asogen replaced (stepControllerGenAll)
}

func run(args []string, stdout, stderr io.Writer) int {
	s, err := parseFlags(args, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 2
	}
	results, err := measureAll(s, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	printReport(stdout, s, results)
	return 0
}

func parseFlags(args []string, stderr io.Writer) (settings, error) {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	s := settings{}
	quick := fs.Bool("quick", false, "smoke test: N = 20, 40 and one run")
	kinds := fs.String("kinds", "100,300,1000", "comma-separated corpus sizes (kinds)")
	fs.IntVar(&s.versions, "versions", 3, "API versions per kind")
	fs.IntVar(&s.runs, "runs", 3, "runs per measurement (the median is reported)")
	fs.Int64Var(&s.seed, "seed", 1, "corpus seed")
	fs.StringVar(&s.work, "work", "", "work folder (default: a new temporary folder)")
	fs.BoolVar(&s.keep, "keep", false, "keep the work folder")
	fs.BoolVar(&s.replaced, "replaced", true, "also time controller-gen's object, crd, webhook and rbac generators in one run (about 18 GiB at N = 1000)")
	if err := fs.Parse(args); err != nil {
		return s, err
	}
	if *quick {
		*kinds, s.runs = "20,40", 1
	}
	var err error
	s.kinds, err = sizelist.Parse("kinds", *kinds)
	if err == nil && (s.runs < 1 || s.versions < 1) {
		err = fmt.Errorf("runs and versions must be at least 1")
	}
	return s, err
}
