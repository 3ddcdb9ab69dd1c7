package localrun_test

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/asogen/asogen/v2/internal/localrun"
)

// startupCase is a controller run that must stop at start-up with code and a line containing want.
type startupCase struct {
	name string
	args []string
	env  []string
	code int
	want string
}

// Bad configuration, and an environment the operator cannot run in, stop the controller at
// start-up with exactly one line naming the cause (no log line before it, no stack trace) and
// exit code 2 for the user's input, 1 for the environment: not a crash loop.
func TestOperatorBadConfigurationExitsClearly(t *testing.T) {
	listener, err := net.Listen("tcp", "127.0.0.1:0") // an https endpoint that accepts connections
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	unreachable, _ := localrun.FreeAddress()
	runStartupCases(t, []startupCase{
		{"no subscription", []string{"--kubeconfig=" + suite.kubeconfig}, nil, 2, "no subscription: set --subscription-id or AZURE_SUBSCRIPTION_ID"},
		{"unreachable ARM", []string{"--kubeconfig=" + suite.kubeconfig, "--subscription-id=s", "--arm-endpoint=http://" + unreachable}, nil, 1, "is unreachable (check --arm-endpoint)"},
		{"token over http", []string{"--subscription-id=s", "--arm-endpoint=http://example.com", "--credential=default"}, nil, 2, "tokens are only sent over https"},
		{"no credential", []string{"--kubeconfig=" + suite.kubeconfig, "--subscription-id=s", "--arm-endpoint=https://" + listener.Addr().String(), "--credential=client-secret"},
			[]string{"AZURE_CLIENT_ID=", "AZURE_TENANT_ID=", "AZURE_CLIENT_SECRET="}, 1, "no usable Azure credential"},
		{"unknown flag", []string{"--subscription-id=s", "--no-such-flag"}, nil, 2, "flag provided but not defined: -no-such-flag"},
		{"invalid boolean", []string{"--subscription-id=s"}, []string{"LEADER_ELECT=flase"}, 2, `--leader-elect (LEADER_ELECT) "flase" must be true or false`},
		{"invalid number", []string{"--subscription-id=s"}, []string{"MAX_CONCURRENT_RECONCILES=abc"}, 2, `--max-concurrent-reconciles (MAX_CONCURRENT_RECONCILES) "abc" must be a whole number above 0`},
		{"duration without unit", []string{"--subscription-id=s"}, []string{"AZURE_SYNC_PERIOD=10"}, 2, `--sync-period (AZURE_SYNC_PERIOD) "10" must be a duration above 0`},
		{"invalid mode", []string{"--subscription-id=s", "--operator-mode=webhook"}, nil, 2, `--operator-mode (AZURE_OPERATOR_MODE) "webhook" is not one of webhooks, watchers, both`},
	})
}

// The cluster, the ports and the credential: each failure says which one and what to do.
func TestOperatorStartupFailuresNameTheCause(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	_, port, _ := net.SplitHostPort(busy.Addr().String())
	base := func(extra ...string) []string {
		free, _ := localrun.FreeAddresses(2)
		args := localrun.ControllerArgs(suite.env, suite.kubeconfig, suite.armURL, free[0], free[1])
		return append(args, extra...)
	}
	runStartupCases(t, []startupCase{
		{"unreachable cluster", base("--kubeconfig=" + unreachableKubeconfig(t)), nil, 1, "the Kubernetes cluster at https://"},
		{"webhook port in use", base("--webhook-port=" + port), nil, 1, "the webhook server cannot listen on :" + port + " (set --webhook-port (WEBHOOK_PORT)): listen tcp :" + port + ": bind: address already in use"},
		{"metrics port in use", base("--metrics-bind-address=" + busy.Addr().String()), nil, 1, "the metrics server cannot listen on " + busy.Addr().String()},
		{"probe port in use", base("--health-probe-bind-address=" + busy.Addr().String()), nil, 1, "the health probe server cannot listen on " + busy.Addr().String()},
		{"no leader election namespace", base("--leader-election-namespace=no-such-namespace"), nil, 1,
			`the leader election namespace "no-such-namespace" does not exist (set --leader-election-namespace or POD_NAMESPACE, or --leader-elect=false)`},
		{"credential chain fails", []string{"--kubeconfig=" + suite.kubeconfig, "--subscription-id=s", "--arm-endpoint=https://" + busy.Addr().String(), "--credential=default",
			"--metrics-bind-address=0", "--health-probe-bind-address=0", "--webhook-port=" + fmt.Sprint(suite.env.Webhook.LocalServingPort), "--leader-elect=false"},
			[]string{"AZURE_CLIENT_ID=", "AZURE_TENANT_ID=", "AZURE_CLIENT_SECRET=", "AZURE_FEDERATED_TOKEN_FILE=", "PATH=/nonexistent", "AZURE_CONFIG_DIR=" + t.TempDir()}, 1,
			"no usable Azure credential (see --credential): DefaultAzureCredential: failed to acquire a token.; Attempted credentials:; EnvironmentCredential:"},
	})
}

// unreachableKubeconfig is a kubeconfig naming an API server nobody listens on.
func unreachableKubeconfig(t *testing.T) string {
	addr, err := localrun.FreeAddress()
	if err != nil {
		t.Fatal(err)
	}
	data := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://%s", insecure-skip-tls-verify: true}}]
users: [{name: u, user: {token: t}}]
contexts: [{name: c, context: {cluster: c, user: u}}]
current-context: c
`, addr)
	path := filepath.Join(t.TempDir(), "kubeconfig")
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// runStartupCases runs each case's controller and checks it printed exactly one line.
func runStartupCases(t *testing.T, cases []startupCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := localrun.StartWithEnv("controller", suite.controller, c.args, c.env, nil)
			if err != nil {
				t.Fatal(err)
			}
			code, exited := p.Wait(time.Minute)
			out := p.Output()
			if !exited || code != c.code || !strings.Contains(out, c.want) {
				t.Errorf("exit %d (exited %v), want %d with %q; output:\n%s", code, exited, c.code, c.want, lastLines(out, 10))
			}
			if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], "controller: ") {
				t.Errorf("want one line starting with \"controller: \", got %d lines:\n%s", len(lines), lastLines(out, 20))
			}
		})
	}
}
