package operator

import (
	"os"
	"path/filepath"
	"testing"
)

// writeKubeconfig writes a kubeconfig for an API server that is never called.
func writeKubeconfig(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kubeconfig")
	data := `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:6443"}}]
users: [{name: u, user: {token: t}}]
contexts: [{name: c, context: {cluster: c, user: u}}]
current-context: c
`
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// --kube-api-qps and --kube-api-burst (or KUBE_API_QPS and KUBE_API_BURST, or the defaults sized
// for thousands of objects) reach the rest.Config of the manager, with --kubeconfig and with the
// cluster controller-runtime finds (KUBECONFIG here, the pod's service account in a cluster).
func TestThroughputFlagsReachClient(t *testing.T) {
	kubeconfig := writeKubeconfig(t)
	cases := []struct {
		name       string
		args       []string
		env        map[string]string
		qps        float32
		burst      int
		kubeconfig string // KUBECONFIG, for the path without --kubeconfig
	}{
		{"defaults", []string{"--kubeconfig=" + kubeconfig}, nil, 100, 200, ""},
		{"flags", []string{"--kubeconfig=" + kubeconfig, "--kube-api-qps=250.5", "--kube-api-burst=500"}, nil, 250.5, 500, ""},
		{"environment", []string{"--kubeconfig=" + kubeconfig}, map[string]string{"KUBE_API_QPS": "30", "KUBE_API_BURST": "60"}, 30, 60, ""},
		{"flags win", []string{"--kubeconfig=" + kubeconfig, "--kube-api-qps=40"}, map[string]string{"KUBE_API_QPS": "30"}, 40, 200, ""},
		{"found cluster", []string{"--kube-api-burst=1000"}, map[string]string{"KUBE_API_QPS": "500"}, 500, 1000, kubeconfig},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("KUBECONFIG", c.kubeconfig)
			cfg, err := ParseConfig(append([]string{"--subscription-id=s", "--leader-elect=false", "--metrics-bind-address=0", "--health-probe-bind-address=0"}, c.args...), envOf(c.env))
			if err != nil {
				t.Fatal(err)
			}
			kube, err := RestConfig(cfg)
			if err != nil {
				t.Fatal(err)
			}
			mgr, err := newManager(cfg, kube)
			if err != nil {
				t.Fatal(err)
			}
			if got := mgr.GetConfig(); got.QPS != c.qps || got.Burst != c.burst || got.Host != "https://127.0.0.1:6443" {
				t.Errorf("the manager's client: QPS %v, burst %d, host %s; want %v, %d", got.QPS, got.Burst, got.Host, c.qps, c.burst)
			}
		})
	}
}
