package operator

import (
	"context"
	"io"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	"go.uber.org/zap/zapcore"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	ctrlmetrics "sigs.k8s.io/controller-runtime/pkg/metrics"
	"sigs.k8s.io/controller-runtime/pkg/metrics/filters"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/controller-runtime/pkg/webhook"

	"github.com/asogen/asogen/v2/internal/controllers"
	"github.com/asogen/asogen/v2/pkg/credentials"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/reconcilers/arm"
	"github.com/asogen/asogen/v2/pkg/registration"
	"github.com/asogen/asogen/v2/pkg/resolver"
	"github.com/asogen/asogen/v2/pkg/storageversion"
	"github.com/asogen/asogen/v2/pkg/webhooks"
)

// LeaderElectionID names the lease the replicas compete for.
const LeaderElectionID = "asogen-controller.serviceoperator.azure.com"

// Logger returns the operator's logger at the configured level, writing JSON to w as in a cluster.
func Logger(cfg Config, w io.Writer) logr.Logger {
	level, _ := logLevel(cfg.LogLevel)
	// Errors are logged with their message; stack traces only for panics.
	return zap.New(zap.WriteTo(w), zap.Level(level), zap.StacktraceLevel(zapcore.PanicLevel))
}

// logLevel maps info, debug, error or a verbosity number (1 = debug) to a zap level.
func logLevel(s string) (zapcore.Level, error) {
	switch s {
	case "info", "":
		return zapcore.InfoLevel, nil
	case "debug":
		return zapcore.DebugLevel, nil
	case "error":
		return zapcore.ErrorLevel, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, errors.New("is not info, debug, error or a verbosity number")
	}
	return zapcore.Level(-n), nil
}

// Run checks the cluster, the ports and the lease's namespace, and (unless it only serves
// webhooks) the ARM endpoint and the credential, and installs the CRDs --crd-pattern selects;
// then it runs the manager, for the kinds whose CRD is installed, until ctx ends. started is
// called once the servers listen and the caches have synced.
//
// Every process that runs the controllers installs the CRDs before the manager starts, before
// leader election: server-side apply of the same CRDs by the same field manager converges
// whichever replica applies first, and each replica then knows the kinds to watch should it
// become the leader.
func Run(ctx context.Context, cfg Config, kube *rest.Config, log logr.Logger, started func()) error {
	if err := checkStartup(ctx, cfg, kube); err != nil {
		return err
	}
	var cred azcore.TokenCredential
	if cfg.runsWatchers() {
		var err error
		if cred, err = connectARM(ctx, cfg); err != nil {
			return err
		}
	}
	resources, err := servedResources(ctx, cfg, kube, log)
	if err != nil {
		return err
	}
	mgr, err := newManager(cfg, kube)
	if err != nil {
		return err
	}
	var clients *credentials.Provider
	if cfg.runsWatchers() {
		if clients, err = newCredentials(cfg, mgr.GetClient(), cred); err != nil {
			return err
		}
	}
	if err := setup(mgr, cfg, kube, resources, clients, log); err != nil {
		return err
	}
	if err := mgr.Add(startedRunnable(started)); err != nil {
		return err
	}
	log.Info("Starting the operator", "mode", cfg.OperatorMode, "subscription", cfg.SubscriptionID, "armEndpoint", cfg.ARMEndpoint, "namespaces", cfg.Namespaces)
	return mgr.Start(ctx)
}

// connectARM checks the endpoint and the global credential and returns the credential.
func connectARM(ctx context.Context, cfg Config) (azcore.TokenCredential, error) {
	if err := checkEndpoint(ctx, cfg.ARMEndpoint); err != nil {
		return nil, err
	}
	cred, err := newCredential(cfg)
	if err == nil {
		err = checkCredential(ctx, cred, cfg.ARMEndpoint)
	}
	if err != nil {
		return nil, credentialError(cfg.Credential, err)
	}
	return cred, nil
}

// startedRunnable calls started when the manager starts the runnables that need no leadership:
// after the servers listen and the caches have synced.
type startedRunnable func()

func (s startedRunnable) Start(context.Context) error { s(); return nil }
func (s startedRunnable) NeedLeaderElection() bool    { return false }

// NewScheme is the operator's scheme: client-go's types (Secrets, leases, events), CRDs (the
// storage version migration) and every version of every generated kind.
func NewScheme() (*kruntime.Scheme, error) {
	scheme := kruntime.NewScheme()
	for _, add := range []func(*kruntime.Scheme) error{clientgoscheme.AddToScheme, apiextensionsv1.AddToScheme, controllers.AddToScheme} {
		if err := add(scheme); err != nil {
			return nil, err
		}
	}
	return scheme, nil
}

func newManager(cfg Config, kube *rest.Config) (ctrl.Manager, error) {
	scheme, err := NewScheme()
	if err != nil {
		return nil, err
	}
	namespaces := map[string]cache.Config{}
	for _, ns := range cfg.Namespaces {
		namespaces[ns] = cache.Config{}
	}
	mgr, err := ctrl.NewManager(kube, ctrl.Options{
		Scheme:                        scheme,
		Cache:                         cache.Options{DefaultNamespaces: namespaces},
		Metrics:                       metricsOptions(cfg),
		HealthProbeBindAddress:        cfg.ProbeAddress,
		PprofBindAddress:              cfg.PprofAddress,
		WebhookServer:                 webhook.NewServer(webhook.Options{Port: cfg.WebhookPort, CertDir: cfg.WebhookCertDir}),
		LeaderElection:                cfg.leaderElection(),
		LeaderElectionID:              LeaderElectionID,
		LeaderElectionNamespace:       cfg.LeaderElectionNamespace,
		LeaderElectionReleaseOnCancel: true,
	})
	return mgr, errors.Wrap(err, "creating the manager")
}

// armOptions are those of every ARM client: the endpoint, the request timeout and the metrics.
func armOptions(cfg Config) (genericarmclient.Options, error) {
	metrics := genericarmclient.NewMetrics()
	if err := metrics.Register(ctrlmetrics.Registry); err != nil {
		return genericarmclient.Options{}, errors.Wrap(err, "registering the ARM metrics")
	}
	return genericarmclient.Options{
		Endpoint:       cfg.ARMEndpoint,
		RequestTimeout: cfg.ARMRequestTimeout,
		ClientOptions:  policy.ClientOptions{PerCallPolicies: []policy.Policy{metrics.Policy()}},
	}, nil
}

// newCredentials is the provider of each object's ARM client: the global one (--credential,
// --subscription-id) and those of the namespace (aso-credential) and resource (credential-from)
// credential Secrets, built with azidentity and the same options.
func newCredentials(cfg Config, kube client.Reader, cred azcore.TokenCredential) (*credentials.Provider, error) {
	base, err := armOptions(cfg)
	if err != nil {
		return nil, err
	}
	global := base
	global.Credential = cred
	globalClient, err := genericarmclient.NewGenericClient(cfg.SubscriptionID, global)
	if err != nil {
		return nil, err
	}
	factory := credentials.NewClientFactory(base, credentials.AzureIdentity(azcore.ClientOptions{}))
	return credentials.NewProvider(kube, globalClient, factory), nil
}

// metricsOptions serves /metrics over HTTPS to callers the API server authenticates (TokenReview)
// and authorizes (SubjectAccessReview for GET /metrics), or over plain HTTP with
// --metrics-secure=false. Without a certificate controller-runtime serves a self-signed one.
func metricsOptions(cfg Config) metricsserver.Options {
	opts := metricsserver.Options{BindAddress: cfg.MetricsAddress, SecureServing: cfg.MetricsSecure}
	if cfg.MetricsSecure {
		opts.FilterProvider = filters.WithAuthenticationAndAuthorization
	}
	return opts
}

// setup adds what the mode runs for resources: the controllers and the storage version
// migration, the webhooks, and the probes.
func setup(mgr ctrl.Manager, cfg Config, kube *rest.Config, resources []registration.Resource, clients *credentials.Provider, log logr.Logger) error {
	if err := mgr.AddHealthzCheck("ping", healthz.Ping); err != nil {
		return err
	}
	if cfg.runsWebhooks() {
		if err := webhooks.Setup(mgr, resources); err != nil {
			return err
		}
		if err := mgr.AddReadyzCheck("webhooks", mgr.GetWebhookServer().StartedChecker()); err != nil {
			return err
		}
	}
	if !cfg.runsWatchers() {
		return nil
	}
	res := resolver.NewResolver(mgr.GetClient(), mgr.GetScheme(), registration.HubKinds(resources), cfg.SubscriptionID)
	opts := arm.Options{
		Credentials: clients, Resolver: res, ResyncPeriod: cfg.SyncPeriod, MaxConcurrentReconciles: cfg.MaxConcurrentReconciles,
		ReconcileTimeout: cfg.ReconcileTimeout, ResyncPut: cfg.ResyncPut, DefaultReconcilePolicy: cfg.DefaultReconcilePolicy,
	}
	if err := arm.SetupControllers(mgr, resources, opts, log.WithName("controllers")); err != nil {
		return err
	}
	direct, err := client.New(kube, client.Options{Scheme: mgr.GetScheme()})
	if err != nil {
		return errors.Wrap(err, "creating the migration client")
	}
	migrator := storageversion.Migrator{Client: direct, Resources: resources, Log: log.WithName("storageversion")}
	return mgr.Add(migrator)
}
