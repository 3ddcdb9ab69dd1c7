package arm_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/go-logr/logr"
	"github.com/go-logr/logr/funcr"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/fields"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/controller-runtime/pkg/webhook"

	"github.com/asogen/asogen/v2/internal/controllers"
	"github.com/asogen/asogen/v2/internal/localrun"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/internal/testing/envtestutil"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/reconcilers/arm"
	"github.com/asogen/asogen/v2/pkg/registration"
	"github.com/asogen/asogen/v2/pkg/resolver"
	"github.com/asogen/asogen/v2/pkg/webhooks"
)

const subscription = "00000000-0000-0000-0000-000000000001"

// suite is the one environment every test of this package shares: a real kube-apiserver and
// etcd (envtest) with the generated CRDs, the ARM test server, and a manager running the
// reconciler for every generated kind.
var suite struct {
	kube  client.Client
	arm   *armserver.Server
	logs  *logSink
	hooks *testHooks
	env   *envtestutil.Environment
}

func TestMain(m *testing.M) {
	code, err := runSuite(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "reconciler suite:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

func runSuite(m *testing.M) (int, error) {
	env, err := localrun.StartControlPlane() // the operator's scheme, CRDs and webhook configurations
	if err != nil {
		return 0, err
	}
	defer env.Stop()
	suite.env = env
	suite.arm = armserver.New()
	defer suite.arm.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := startManager(ctx, env, env.Client.Scheme()); err != nil {
		return 0, err
	}
	if err := startConvergeOperator(); err != nil {
		return 0, err
	}
	defer stopConv()
	if err := startCredentialsOperator(); err != nil {
		return 0, err
	}
	defer stopCredentialsOperator()
	return m.Run(), nil
}

func startManager(ctx context.Context, env *envtestutil.Environment, scheme *kruntime.Scheme) error {
	wh := env.Webhook
	mgr, err := ctrl.NewManager(env.Config, ctrl.Options{
		Scheme: scheme, Metrics: metricsserver.Options{BindAddress: "0"},
		// The convergence and credential tests run their own operators on their namespaces
		// (converge_suite_test.go, creds_suite_test.go).
		Cache: cache.Options{DefaultFieldSelector: otherOperatorsNamespaces(),
			// Namespaces have no metadata.namespace to select on: the reconcile policy reads them all.
			ByObject: map[client.Object]cache.ByObject{&corev1.Namespace{}: {Field: fields.Everything()}}},
		WebhookServer: webhook.NewServer(webhook.Options{Host: wh.LocalServingHost, Port: wh.LocalServingPort, CertDir: wh.LocalServingCertDir}),
	})
	if err != nil {
		return err
	}
	armClient, err := genericarmclient.NewGenericClient(subscription, genericarmclient.Options{
		Endpoint: suite.arm.URL(), PollFrequency: 50 * time.Millisecond,
		// The reconciler handles retries itself (backoff, Retry-After): no hidden retries here.
		ClientOptions: policy.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}},
	})
	if err != nil {
		return err
	}
	res := resolver.NewResolver(mgr.GetClient(), scheme, registration.HubKinds(controllers.KnownResources()), subscription)
	suite.logs = &logSink{}
	suite.hooks = &testHooks{}
	opts := arm.Options{
		ARMClient: armClient, Resolver: res, ResyncPeriod: time.Hour,
		PollInterval: 100 * time.Millisecond, BackoffBase: 100 * time.Millisecond, BackoffMax: time.Second,
	}
	regs := suite.hooks.install(controllers.KnownResources())
	if err := arm.SetupControllers(mgr, regs, opts, suite.logs.logger()); err != nil {
		return err
	}
	if err := webhooks.Setup(mgr, regs); err != nil {
		return err
	}
	suite.kube = env.Client // uncached: reads see writes at once
	go func() {
		if err := mgr.Start(ctx); err != nil {
			fmt.Fprintln(os.Stderr, "reconciler suite: the manager stopped:", err)
		}
	}()
	return waitForWebhooks(mgr)
}

// waitForWebhooks waits until the webhook server answers: before that, every create is refused.
func waitForWebhooks(mgr ctrl.Manager) error {
	started := mgr.GetWebhookServer().StartedChecker()
	deadline := time.Now().Add(time.Minute)
	for {
		err := started(nil)
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// logSink keeps every log line so tests can assert what was logged.
type logSink struct {
	mu    sync.Mutex
	lines []string
}

func (s *logSink) logger() logr.Logger {
	return funcr.New(func(prefix, args string) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.lines = append(s.lines, prefix+" "+args)
	}, funcr.Options{Verbosity: 1})
}

// contains reports whether any logged line contains every one of parts.
func (s *logSink) contains(parts ...string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, l := range s.lines {
		if containsAll(l, parts) {
			return true
		}
	}
	return false
}

func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

var _ genruntime.KubernetesResource = nil
