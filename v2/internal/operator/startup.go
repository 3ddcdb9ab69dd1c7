package operator

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/pkg/errors"
	coordinationv1 "k8s.io/api/coordination/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

// checkTimeout bounds each start-up check against the cluster.
const checkTimeout = 15 * time.Second

// checkStartup finds, before anything starts, what would otherwise fail later with a message
// about something else (a REST mapping) or never (leader election retrying forever).
func checkStartup(ctx context.Context, cfg Config, kube *rest.Config) error {
	if err := checkCluster(kube); err != nil {
		return err
	}
	if err := checkPorts(cfg); err != nil {
		return err
	}
	return checkLeaseNamespace(ctx, cfg, kube)
}

// checkCluster asks the API server for its version.
func checkCluster(kube *rest.Config) error {
	c := rest.CopyConfig(kube)
	c.Timeout = checkTimeout
	dc, err := discovery.NewDiscoveryClientForConfig(c)
	if err == nil {
		_, err = dc.ServerVersion()
	}
	switch {
	case err == nil:
		return nil
	case apierrors.IsUnauthorized(err) || apierrors.IsForbidden(err):
		return errors.Errorf("the Kubernetes cluster at %s refused the operator's credentials (check --kubeconfig or KUBECONFIG): %v", kube.Host, err)
	}
	return errors.Errorf("the Kubernetes cluster at %s is unreachable (check --kubeconfig or KUBECONFIG): %v", kube.Host, err)
}

// server is one of the process's listeners and the option that sets its address.
type server struct{ name, address, option string }

// servers lists the listeners the configured mode opens.
func servers(cfg Config) []server {
	var out []server
	if cfg.runsWebhooks() {
		port := cfg.WebhookPort
		if port == 0 {
			port = 9443 // controller-runtime's default
		}
		out = append(out, server{"webhook", ":" + strconv.Itoa(port), "--webhook-port (WEBHOOK_PORT)"})
	}
	if cfg.MetricsAddress != "0" {
		out = append(out, server{"metrics", cfg.MetricsAddress, "--metrics-bind-address (METRICS_BIND_ADDRESS)"})
	}
	if cfg.ProbeAddress != "0" && cfg.ProbeAddress != "" {
		out = append(out, server{"health probe", cfg.ProbeAddress, "--health-probe-bind-address (HEALTH_PROBE_BIND_ADDRESS)"})
	}
	if cfg.PprofAddress != "0" && cfg.PprofAddress != "" {
		out = append(out, server{"pprof", cfg.PprofAddress, "--pprof-bind-address (PPROF_BIND_ADDRESS)"})
	}
	return out
}

// checkPorts makes sure every server can listen, naming the one that cannot.
func checkPorts(cfg Config) error {
	for _, s := range servers(cfg) {
		l, err := net.Listen("tcp", s.address)
		if err != nil {
			return errors.Errorf("the %s server cannot listen on %s (set %s): %v", s.name, s.address, s.option, err)
		}
		_ = l.Close()
	}
	return nil
}

// checkLeaseNamespace makes sure the lease's namespace exists, by a dry-run create of the lease:
// leader election would otherwise retry forever. Other refusals are left to leader election.
func checkLeaseNamespace(ctx context.Context, cfg Config, kube *rest.Config) error {
	ns := cfg.LeaderElectionNamespace
	if !cfg.leaderElection() || ns == "" {
		return nil
	}
	cs, err := kubernetes.NewForConfig(kube)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	lease := &coordinationv1.Lease{ObjectMeta: metav1.ObjectMeta{Name: LeaderElectionID, Namespace: ns}}
	_, err = cs.CoordinationV1().Leases(ns).Create(ctx, lease, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
	if apierrors.IsNotFound(err) {
		return fmt.Errorf("the leader election namespace %q does not exist (set --leader-election-namespace or POD_NAMESPACE, or --leader-elect=false)", ns)
	}
	return nil
}
