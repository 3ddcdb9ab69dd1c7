// Command benchcorpus writes a synthetic, ARM-shaped benchmark corpus: specs, config.yaml,
// go.mod and hand-written extensions. See internal/benchcorpus.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/asogen/asogen/internal/benchcorpus"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("benchcorpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "folder to write the corpus into (missing or empty)")
	opts := benchcorpus.Options{}
	fs.IntVar(&opts.Kinds, "kinds", 100, "number of kinds")
	fs.IntVar(&opts.Versions, "versions", 3, "API versions per kind")
	fs.Int64Var(&opts.Seed, "seed", 1, "seed of the property shapes")
	fs.StringVar(&opts.AsogenDir, "asogen", ".", "the asogen module folder (go.mod replace target)")
	fs.StringVar(&opts.Module, "module", benchcorpus.DefaultModule, "Go module path of the corpus")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: benchcorpus -out DIR [-kinds N] [-versions V] [-seed S] [-asogen DIR] [-module PATH]")
		return 2
	}
	if err := benchcorpus.Write(*out, opts); err != nil {
		fmt.Fprintln(stderr, "benchcorpus:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %d kinds x %d versions to %s\n", opts.Kinds, opts.Versions, *out)
	return 0
}
