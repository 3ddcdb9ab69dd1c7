// Command controller is the generated operator: every configured kind's controller, the
// conversion and admission webhooks, probes, metrics and leader election. Run it with --help for
// its flags and --version for its version and commit; docs/operator.md describes a deployment
// and `make run-local` a local run.
package main

import (
	"os"

	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/asogen/asogen/v2/internal/operator"
)

func main() {
	os.Exit(operator.Main(ctrl.SetupSignalHandler(), os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}
