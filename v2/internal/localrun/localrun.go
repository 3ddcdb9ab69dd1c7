// Package localrun runs the operator on one machine without Azure or a cluster: the kube-apiserver
// and etcd that envtest builds (with the generated CRDs and webhook configurations pointing at the
// controller's webhook server), the armserver program, and the controller binary as processes.
// make run-local (v2/internal/cmd/runlocal) and the TestOperator tests use it.
package localrun

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/internal/operator"
	"github.com/asogen/asogen/v2/internal/testing/envtestutil"
)

// Subscription is the subscription the local operator manages.
const Subscription = "00000000-0000-0000-0000-000000000001"

// RepoDir is the repository root (this file is v2/internal/localrun/localrun.go).
func RepoDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// ConfigDir is a folder of the generated manifests under v2/config.
func ConfigDir(elem ...string) string {
	return filepath.Join(append([]string{RepoDir(), "v2", "config"}, elem...)...)
}

// Build compiles the controller and armserver binaries into dir and returns their paths.
func Build(ctx context.Context, dir string) (controller, armserver string, err error) {
	controller, armserver = filepath.Join(dir, "controller"), filepath.Join(dir, "armserver")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", dir+string(filepath.Separator), "./v2/cmd/controller", "./v2/cmd/armserver")
	cmd.Dir = RepoDir()
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", "", errors.Errorf("building the binaries: %v\n%s", err, out)
	}
	return controller, armserver, nil
}

// StartControlPlane starts kube-apiserver and etcd with the CRDs and the webhook configurations;
// the conversion and admission webhooks point at 127.0.0.1:<Webhook.LocalServingPort>, where the
// controller must serve with the certificate in Webhook.LocalServingCertDir.
func StartControlPlane() (*envtestutil.Environment, error) {
	return startControlPlane(false, ConfigDir("crd", "bases"))
}

// StartControlPlaneWithoutFsync is StartControlPlane with etcd not flushing its writes to disk:
// for benchmarks of the operator on a machine whose disk other work shares.
func StartControlPlaneWithoutFsync() (*envtestutil.Environment, error) {
	return startControlPlane(true, ConfigDir("crd", "bases"))
}

// StartControlPlaneWithoutCRDs is StartControlPlane with none of the CRDs installed: the
// operator installs them itself (--crd-pattern).
func StartControlPlaneWithoutCRDs() (*envtestutil.Environment, error) {
	return startControlPlane(false)
}

func startControlPlane(noFsync bool, crdPaths ...string) (*envtestutil.Environment, error) {
	scheme, err := operator.NewScheme()
	if err != nil {
		return nil, err
	}
	return envtestutil.New(envtestutil.Options{
		CRDPaths:     crdPaths,
		WebhookPaths: []string{ConfigDir("webhook", "manifests.yaml")},
		Scheme:       scheme,
		EtcdNoFsync:  noFsync,
	})
}

// WriteKubeconfig writes an administrator's kubeconfig for env into dir.
func WriteKubeconfig(env *envtestutil.Environment, dir string) (string, error) {
	data, err := env.Kubeconfig("local-admin", "system:masters")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "kubeconfig")
	return path, os.WriteFile(path, data, 0o600)
}

// FreeAddresses returns n loopback addresses with ports nobody listens on now.
func FreeAddresses(n int) ([]string, error) {
	out := make([]string, n)
	for i := range out {
		a, err := FreeAddress()
		if err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

// FreeAddress returns a loopback address with a port nobody listens on now.
func FreeAddress() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// ControllerArgs are the controller's flags for a local run against armEndpoint; metrics are
// plain HTTP on the loopback address.
func ControllerArgs(env *envtestutil.Environment, kubeconfig, armEndpoint, metrics, probes string) []string {
	return []string{
		"--kubeconfig=" + kubeconfig,
		"--subscription-id=" + Subscription,
		"--arm-endpoint=" + armEndpoint,
		"--webhook-port=" + fmt.Sprint(env.Webhook.LocalServingPort),
		"--webhook-cert-dir=" + env.Webhook.LocalServingCertDir,
		"--metrics-bind-address=" + metrics,
		"--metrics-secure=false",
		"--health-probe-bind-address=" + probes,
		"--leader-election-namespace=default",
		"--sync-period=1h",
	}
}
