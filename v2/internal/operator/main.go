package operator

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/klog/v2"
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/asogen/asogen/internal/version"
)

// Exit codes of the controller process.
const (
	ExitOK     = 0
	ExitFailed = 1 // start-up or run failure: endpoint, credential, cluster
	ExitUsage  = 2 // bad flags or environment
)

// RestConfig is the Kubernetes client configuration the manager uses: --kubeconfig, or what
// controller-runtime finds (KUBECONFIG, in-cluster, ~/.kube/config), with the throughput limits
// of --kube-api-qps and --kube-api-burst.
func RestConfig(cfg Config) (*rest.Config, error) {
	var kube *rest.Config
	var err error
	if cfg.Kubeconfig != "" {
		kube, err = clientcmd.BuildConfigFromFlags("", cfg.Kubeconfig)
	} else {
		kube, err = ctrl.GetConfig()
	}
	if err != nil {
		return nil, fmt.Errorf("no Kubernetes cluster to run against (set KUBECONFIG or --kubeconfig, or run in a pod): %w", err)
	}
	kube.QPS, kube.Burst = cfg.KubeAPIQPS, cfg.KubeAPIBurst
	return kube, nil
}

// Main runs the operator with args and the environment until ctx ends (SIGTERM or SIGINT in the
// binary), and returns the process exit code. A start-up failure is one line on stderr, never a
// stack trace, with no log lines before it: logs are held until the operator has started.
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
		return fail(stderr, err)
	}
	logs := &startupLog{out: stderr}
	log := Logger(cfg, logs)
	ctrl.SetLogger(log)
	klog.SetLogger(log.WithName("client-go"))
	kube, err := RestConfig(cfg)
	if err == nil {
		err = Run(ctx, cfg, kube, log, logs.release)
	}
	if err != nil {
		return fail(stderr, err)
	}
	log.Info("Stopped")
	return ExitOK
}

// fail prints err on one line and returns the exit code: 2 for bad input, 1 otherwise.
func fail(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "controller:", oneLine(err.Error()))
	var usageErr UsageError
	if errors.As(err, &usageErr) {
		return ExitUsage
	}
	return ExitFailed
}

// oneLine joins a multi-line message (azidentity's list of attempted credentials) with "; ".
func oneLine(s string) string {
	var parts []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" && !strings.HasPrefix(l, "---") {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}
