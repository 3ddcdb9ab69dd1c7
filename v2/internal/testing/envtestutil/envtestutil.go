// Package envtestutil starts a real kube-apiserver and etcd through controller-runtime's envtest,
// using the binaries hack/envtest/install.sh builds from the Go module proxy.
package envtestutil

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

// KubernetesVersion is the version install.sh builds; it names the default cache folder.
const KubernetesVersion = "1.34.2"

// InstallHint tells how to provide the binaries; it ends every missing-binary error.
const InstallHint = `run: export KUBEBUILDER_ASSETS="$(hack/envtest/install.sh | tail -1)" (from the repository root)`

// startTimeout bounds each control-plane process's start; a cold start on a 2-core machine
// takes several seconds.
const startTimeout = 90 * time.Second

// Options configures New.
type Options struct {
	CRDPaths []string        // files or folders of CRD YAML; each must exist
	Scheme   *runtime.Scheme // the client's scheme; client-go's scheme.Scheme when nil
	// WebhookPaths are files or folders of webhook configurations. When set, envtest points them,
	// and the conversion of every CRD whose kind the scheme can convert, at a local webhook
	// server; Webhook tells the manager where to serve it.
	WebhookPaths []string
	// EtcdNoFsync runs etcd with --unsafe-no-fsync: writes are not flushed to disk, so a disk
	// shared with other work does not set the pace (benchmarks of the operator, never data).
	EtcdNoFsync bool
}

// Environment is a running kube-apiserver with its etcd.
type Environment struct {
	Config *rest.Config
	Client client.Client

	// Webhook is where the manager's webhook server must listen, with its certificate folder.
	Webhook *envtest.WebhookInstallOptions

	env      *envtest.Environment
	stopOnce sync.Once
	stopErr  error
}

// AssetsDir is where the binaries are looked for: KUBEBUILDER_ASSETS when set, else
// ASOGEN_ENVTEST_DIR, else ${XDG_CACHE_HOME:-$HOME/.cache}/asogen/envtest/k8s-<version>
// (the same rule as install.sh).
func AssetsDir() (string, error) {
	for _, name := range []string{"KUBEBUILDER_ASSETS", "ASOGEN_ENVTEST_DIR"} {
		if dir := os.Getenv(name); dir != "" {
			return dir, nil
		}
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", errors.Wrap(err, "envtest: locating the binary cache")
		}
		cache = filepath.Join(home, ".cache")
	}
	return filepath.Join(cache, "asogen", "envtest", "k8s-"+KubernetesVersion), nil
}

// binaries returns the paths of kube-apiserver and etcd, or an error naming what is missing.
func binaries() (apiserver, etcd string, err error) {
	dir, err := AssetsDir()
	if err != nil {
		return "", "", err
	}
	apiserver, etcd = filepath.Join(dir, "kube-apiserver"), filepath.Join(dir, "etcd")
	for _, p := range []string{apiserver, etcd} {
		info, statErr := os.Stat(p)
		if statErr != nil || info.IsDir() || info.Mode()&0o111 == 0 {
			return "", "", errors.Errorf("envtest: %s is missing or not executable; %s", p, InstallHint)
		}
	}
	return apiserver, etcd, nil
}

// New starts kube-apiserver and etcd, installs the CRDs and waits until they are served.
func New(opts Options) (*Environment, error) {
	apiserver, etcd, err := binaries()
	if err != nil {
		return nil, err
	}
	s := opts.Scheme
	if s == nil {
		s = scheme.Scheme
	}
	env := newEnvtest(apiserver, etcd, opts.CRDPaths, s)
	env.WebhookInstallOptions.Paths = opts.WebhookPaths
	if opts.EtcdNoFsync {
		env.ControlPlane.Etcd.Configure().Append("unsafe-no-fsync", "true")
	}
	cfg, err := env.Start()
	if err != nil {
		_ = env.Stop()
		return nil, errors.Wrap(err, "envtest: starting kube-apiserver and etcd")
	}
	c, err := client.New(cfg, client.Options{Scheme: s})
	if err != nil {
		_ = env.Stop()
		return nil, errors.Wrap(err, "envtest: creating the client")
	}
	return &Environment{Config: cfg, Client: c, Webhook: &env.WebhookInstallOptions, env: env}, nil
}

func newEnvtest(apiserver, etcd string, crdPaths []string, s *runtime.Scheme) *envtest.Environment {
	useExisting := false
	env := &envtest.Environment{
		CRDDirectoryPaths:        crdPaths,
		ErrorIfCRDPathMissing:    true,
		Scheme:                   s,
		UseExistingCluster:       &useExisting,
		ControlPlaneStartTimeout: startTimeout,
		ControlPlaneStopTimeout:  startTimeout,
	}
	env.ControlPlane.GetAPIServer().Path = apiserver
	env.ControlPlane.Etcd = &envtest.Etcd{Path: etcd}
	return env
}

// Stop stops the control plane; calling it again returns the first result.
func (e *Environment) Stop() error {
	e.stopOnce.Do(func() { e.stopErr = e.env.Stop() })
	return e.stopErr
}

// Start starts an environment for a test and fails the test (never skips) when it cannot.
// The returned stop function is also registered with tb.Cleanup; calling both is safe.
// For one environment shared by a package, call New from TestMain instead.
func Start(tb testing.TB, crdPaths ...string) (*rest.Config, client.Client, func()) {
	tb.Helper()
	env, err := New(Options{CRDPaths: crdPaths})
	if err != nil {
		tb.Fatalf("%v", err)
	}
	stop := func() {
		if err := env.Stop(); err != nil {
			tb.Errorf("envtest: stopping: %v", err)
		}
	}
	tb.Cleanup(stop)
	return env.Config, env.Client, stop
}

// Kubeconfig provisions a user in the given groups (system:masters for an administrator) and
// returns a kubeconfig for it, to hand to another process.
func (e *Environment) Kubeconfig(name string, groups ...string) ([]byte, error) {
	user, err := e.env.AddUser(envtest.User{Name: name, Groups: groups}, nil)
	if err != nil {
		return nil, errors.Wrapf(err, "envtest: adding user %s", name)
	}
	return user.KubeConfig()
}

// StartGarbageCollector runs kube-controller-manager (built by hack/envtest/install.sh beside
// kube-apiserver) with only Kubernetes' garbage collector against the environment, as a
// cluster has it: objects whose owners are gone are deleted. The process stops with the test.
func (e *Environment) StartGarbageCollector(tb testing.TB) {
	tb.Helper()
	dir, err := AssetsDir()
	if err != nil {
		tb.Fatal(err)
	}
	binary := filepath.Join(dir, "kube-controller-manager")
	if _, err := os.Stat(binary); err != nil {
		tb.Fatalf("envtest: %v; run hack/envtest/install.sh", err)
	}
	kubeconfig, err := e.Kubeconfig("garbage-collector", "system:masters")
	if err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(tb.TempDir(), "kubeconfig")
	if err := os.WriteFile(path, kubeconfig, 0o600); err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(binary, "--kubeconfig="+path, "--controllers=garbagecollector", "--leader-elect=false",
		"--secure-port=0", "--use-service-account-credentials=false")
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	if err := cmd.Start(); err != nil {
		tb.Fatalf("envtest: starting the garbage collector: %v", err)
	}
	tb.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if tb.Failed() {
			tb.Logf("kube-controller-manager output:\n%s", output.String())
		}
	})
}
