package localrun_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/asogen/asogen/v2/internal/localrun"
	"github.com/asogen/asogen/v2/internal/testing/envtestutil"
)

// controllerProcess is one running controller and its addresses.
type controllerProcess struct {
	*localrun.Process
	metrics, probes string
}

// startController starts the controller binary against the suite's cluster and ARM server; extra
// flags override the defaults. The process is stopped when the test ends.
func startController(t *testing.T, kubeconfig string, extra ...string) *controllerProcess {
	t.Helper()
	return startControllerIn(t, suite.env, kubeconfig, extra...)
}

// startControllerIn is startController against another control plane, env.
func startControllerIn(t testing.TB, env *envtestutil.Environment, kubeconfig string, extra ...string) *controllerProcess {
	t.Helper()
	addrs, err := localrun.FreeAddresses(2)
	if err != nil {
		t.Fatal(err)
	}
	metrics, probes := addrs[0], addrs[1]
	args := append(localrun.ControllerArgs(env, kubeconfig, suite.armURL, metrics, probes), extra...)
	p, err := localrun.Start("controller", suite.controller, args, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &controllerProcess{Process: p, metrics: metrics, probes: probes}
	t.Cleanup(func() {
		if !p.Exited() {
			p.Stop(15 * time.Second)
		}
		if t.Failed() {
			t.Logf("controller output:\n%s", lastLines(p.Output(), 40))
		}
	})
	return c
}

// get fetches an HTTP endpoint of the process; "" and the error when it does not answer 200.
func get(url string) (string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("%s: %s", url, resp.Status)
	}
	return string(body), err
}

// eventually polls ok until it returns nil or the timeout passes, then fails with its last error.
func eventually(t testing.TB, timeout time.Duration, what string, ok func() error) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		err := ok()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// errorLines lists the lines the process logged at error level.
func errorLines(output string) []string {
	var out []string
	for _, l := range strings.Split(output, "\n") {
		if strings.Contains(l, `"level":"error"`) {
			out = append(out, l)
		}
	}
	return out
}

func meta(name, namespace string) metav1.ObjectMeta {
	return metav1.ObjectMeta{Name: name, Namespace: namespace}
}
