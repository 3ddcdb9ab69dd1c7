package localrun_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	coordinationv1 "k8s.io/api/coordination/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/internal/operator"
)

// leaseHolder returns the identity holding the operator's lease, "" when none.
func leaseHolder() (string, error) {
	lease := &coordinationv1.Lease{}
	key := client.ObjectKey{Namespace: "default", Name: operator.LeaderElectionID}
	if err := suite.kube.Get(context.Background(), key, lease); err != nil {
		return "", err
	}
	if lease.Spec.HolderIdentity == nil {
		return "", nil
	}
	return *lease.Spec.HolderIdentity, nil
}

// waitLeader waits until the process logs that it leads and the lease names a holder.
func waitLeader(t *testing.T, c *controllerProcess) string {
	t.Helper()
	var holder string
	eventually(t, time.Minute, "leadership", func() error {
		if !strings.Contains(c.Output(), "successfully acquired lease") {
			return fmt.Errorf("not leading yet")
		}
		var err error
		holder, err = leaseHolder()
		if err == nil && holder == "" {
			err = fmt.Errorf("the lease has no holder")
		}
		return err
	})
	return holder
}

// /healthz and /readyz answer; /metrics, over HTTPS, refuses a caller without a token (401) or
// without the metrics-reader role (403), and gives a reader the reconcile counts per kind and the
// ARM request metrics under asogen's and ASO's names; the process holds the leader election lease.
func TestOperatorProbesMetricsAndLease(t *testing.T) {
	ctl := startController(t, suite.kubeconfig, "--metrics-secure=true")
	waitLeader(t, ctl)
	applyResourceGroup(t, "rg-metrics") // something for the ARM metrics to count
	for _, path := range []string{"/healthz", "/readyz"} {
		eventually(t, time.Minute, path, func() error { _, err := get("http://" + ctl.probes + path); return err })
	}
	for token, want := range map[string]int{"": http.StatusUnauthorized, scraperToken(t, "metrics-stranger", false): http.StatusForbidden} {
		// The metrics server may start listening after the leader's controllers: wait for it.
		eventually(t, 15*time.Second, "/metrics without the right", func() error {
			code, _, err := getSecure("https://"+ctl.metrics+"/metrics", token)
			if err == nil && code != want {
				return fmt.Errorf("/metrics without the right answered %d, want %d", code, want)
			}
			return err
		})
	}
	reader := scraperToken(t, "metrics-reader", true)
	eventually(t, time.Minute, "metrics", func() error {
		body, err := scrape(ctl.metrics, reader)
		for _, want := range []string{`controller_runtime_reconcile_total{controller="resourcegroup.resources.azure.com"`, "azure_arm_requests_total{", `resource_type="Microsoft.Resources/resourceGroups"`,
			`azure_requests_total{requestType="PUT",resource="Microsoft.Resources/resourceGroups",responseCode="`, "azure_successful_requests_total{", `azure_requests_time_seconds_count{requestType="PUT",resource="Microsoft.Resources/resourceGroups"}`} {
			if err == nil && !strings.Contains(body, want) {
				err = fmt.Errorf("no %s in /metrics", want)
			}
		}
		return err
	})
}

// A second controller stays standby while the first leads, and takes over when the first stops;
// SIGTERM stops the leader cleanly within a few seconds, with no error logged.
func TestOperatorStandbyTakesOverAndStopsCleanly(t *testing.T) {
	first := startController(t, suite.kubeconfig)
	firstHolder := waitLeader(t, first)
	second := startController(t, suite.kubeconfig, "--webhook-port=0")
	eventually(t, time.Minute, "the standby's readiness", func() error { _, err := get("http://" + second.probes + "/healthz"); return err })
	time.Sleep(3 * time.Second) // several of the standby's lease attempts
	if strings.Contains(second.Output(), "successfully acquired lease") {
		t.Fatal("the second controller took the lease while the first held it")
	}
	start := time.Now()
	code, stopped := first.Stop(10 * time.Second)
	if !stopped || code != 0 || time.Since(start) > 10*time.Second {
		t.Errorf("SIGTERM: exit code %d, stopped in time %v (%s)", code, stopped, time.Since(start))
	}
	if lines := errorLines(first.Output()); len(lines) > 0 {
		t.Errorf("errors logged by the stopping controller:\n%s", strings.Join(lines, "\n"))
	}
	if holder := waitLeader(t, second); holder == firstHolder {
		t.Errorf("the lease still names the stopped controller %s", holder)
	}
}

// applyResourceGroup creates a ResourceGroup at its API version and waits until it is Ready.
func applyResourceGroup(t *testing.T, name string) {
	t.Helper()
	rg := resourceGroup(name)
	if err := suite.kube.Create(context.Background(), rg); err != nil {
		t.Fatal(err)
	}
	waitReady(t, rg)
}
