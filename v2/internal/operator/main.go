package operator

import (
	"context"
	"errors"
	"fmt"
	"io"

	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/asogen/asogen/internal/version"
)

// Exit codes of the controller process.
const (
	ExitOK     = 0
	ExitFailed = 1 // start-up or run failure: endpoint, credential, cluster
	ExitUsage  = 2 // bad flags or environment
)

// kubeConfig loads --kubeconfig, or what controller-runtime finds (KUBECONFIG, in-cluster, ~/.kube/config).
func kubeConfig(cfg Config) (*rest.Config, error) {
	if cfg.Kubeconfig != "" {
		return clientcmd.BuildConfigFromFlags("", cfg.Kubeconfig)
	}
	return ctrl.GetConfig()
}

// Main runs the operator with args and the environment until ctx ends (SIGTERM or SIGINT in the
// binary), and returns the process exit code. Errors are one line on stderr, never a stack trace;
// --version prints on stdout.
func Main(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	cfg, err := ParseConfig(args, getenv)
	if _, ok := err.(VersionRequested); ok {
		fmt.Fprintln(stdout, version.Line("controller"))
		return ExitOK
	}
	if help, ok := err.(HelpRequested); ok {
		fmt.Fprint(stderr, "Usage: controller [flags]\n\nFlags (each also read from the environment variable in parentheses):\n"+help.Text)
		return ExitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, "controller:", err)
		return ExitUsage
	}
	log := Logger(cfg)
	ctrl.SetLogger(log)
	kube, err := kubeConfig(cfg)
	if err != nil {
		err = fmt.Errorf("no Kubernetes cluster to run against (set KUBECONFIG or --kubeconfig, or run in a pod): %w", err)
	} else {
		err = Run(ctx, cfg, kube, log)
	}
	if err != nil {
		var usageErr UsageError
		fmt.Fprintln(stderr, "controller:", err)
		if errors.As(err, &usageErr) {
			return ExitUsage
		}
		return ExitFailed
	}
	log.Info("Stopped")
	return ExitOK
}
