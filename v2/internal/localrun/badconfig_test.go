package localrun_test

import (
	"net"
	"strings"
	"testing"
	"time"

	"github.com/asogen/asogen/v2/internal/localrun"
)

// Bad configuration stops the controller at start-up with one clear line and a non-zero exit,
// not a crash loop of stack traces.
func TestOperatorBadConfigurationExitsClearly(t *testing.T) {
	listener, err := net.Listen("tcp", "127.0.0.1:0") // an https endpoint that accepts connections
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	unreachable, _ := localrun.FreeAddress()
	cases := []struct {
		name string
		args []string
		env  []string
		code int
		want string
	}{
		{"no subscription", []string{"--kubeconfig=" + suite.kubeconfig}, nil, 2, "no subscription: set --subscription-id or AZURE_SUBSCRIPTION_ID"},
		{"unreachable ARM", []string{"--kubeconfig=" + suite.kubeconfig, "--subscription-id=s", "--arm-endpoint=http://" + unreachable}, nil, 1, "is unreachable (check --arm-endpoint)"},
		{"token over http", []string{"--subscription-id=s", "--arm-endpoint=http://example.com", "--credential=default"}, nil, 2, "tokens are only sent over https"},
		{"no credential", []string{"--kubeconfig=" + suite.kubeconfig, "--subscription-id=s", "--arm-endpoint=https://" + listener.Addr().String(), "--credential=client-secret"},
			[]string{"AZURE_CLIENT_ID=", "AZURE_TENANT_ID=", "AZURE_CLIENT_SECRET="}, 1, "no usable Azure credential"},
		{"unknown flag", []string{"--subscription-id=s", "--no-such-flag"}, nil, 2, "flag provided but not defined: -no-such-flag"},
	}
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
			if strings.Contains(out, "goroutine ") || strings.Contains(out, "stacktrace") {
				t.Errorf("a stack trace was printed:\n%s", out)
			}
		})
	}
}
