package arm_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/config"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/asogen/asogen/v2/internal/controllers"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/credentials"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/reconcilers/arm"
	"github.com/asogen/asogen/v2/pkg/registration"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// The credential tests (credentials_test.go) run a third operator on their own namespaces, with
// credentials built by the production provider and factory. Only the token source is a test
// one: the bearer token of a credential is derived from its client secret (tokenOf), so the ARM
// test server (TLS, token checks per subscription) sees which credential sent each request.
var credNamespaces = []string{"cred-a", "cred-b", "cred-res", "cred-missing", "cred-rotate", "cred-move"}

// globalSubscription is the global credential's subscription; its token is tokenOf("global").
const globalSubscription = "00000000-0000-0000-0000-0000000000c0"

var creds struct {
	arm    *armserver.Server
	logs   *logSink
	cancel context.CancelFunc
	done   chan struct{}
}

// tokenOf is the bearer token of the credential with client secret secret.
func tokenOf(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return "token-" + hex.EncodeToString(sum[:8])
}

// fixedToken is a test TokenCredential.
type fixedToken string

func (f fixedToken) GetToken(context.Context, policy.TokenRequestOptions) (azcore.AccessToken, error) {
	return azcore.AccessToken{Token: string(f), ExpiresOn: time.Now().Add(time.Hour)}, nil
}

func testTokens(c credentials.Credential) (azcore.TokenCredential, error) {
	return fixedToken(tokenOf(c.ClientSecret())), nil
}

// otherOperatorsNamespaces keeps the suite's operator off the namespaces of the other operators.
func otherOperatorsNamespaces() fields.Selector {
	selectors := []fields.Selector{fields.OneTermNotEqualSelector("metadata.namespace", convergeNamespace)}
	for _, ns := range credNamespaces {
		selectors = append(selectors, fields.OneTermNotEqualSelector("metadata.namespace", ns))
	}
	return fields.AndSelectors(selectors...)
}

func startCredentialsOperator() error {
	for _, name := range credNamespaces {
		ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}
		if err := suite.env.Client.Create(context.Background(), ns); err != nil {
			return err
		}
	}
	creds.arm = armserver.New(armserver.WithTLS(),
		armserver.WithSubscriptionTokens(map[string]string{globalSubscription: tokenOf("global")}))
	creds.logs = &logSink{}
	mgr, err := credsManager()
	if err != nil {
		return err
	}
	creds.cancel, creds.done, err = startInBackground(mgr)
	return err
}

// startInBackground starts mgr and waits for its caches; cancel stops it, done closes when it has.
func startInBackground(mgr ctrl.Manager) (cancel context.CancelFunc, done chan struct{}, err error) {
	ctx, cancel := context.WithCancel(context.Background())
	done = make(chan struct{})
	go func() {
		defer close(done)
		_ = mgr.Start(ctx)
	}()
	if !mgr.GetCache().WaitForCacheSync(ctx) {
		return cancel, done, context.Canceled
	}
	return cancel, done, nil
}

func credsManager() (ctrl.Manager, error) {
	env := suite.env
	namespaces := map[string]cache.Config{}
	for _, ns := range credNamespaces {
		namespaces[ns] = cache.Config{}
	}
	mgr, err := ctrl.NewManager(env.Config, ctrl.Options{
		Scheme: env.Client.Scheme(), Metrics: metricsserver.Options{BindAddress: "0"},
		Cache:      cache.Options{DefaultNamespaces: namespaces},
		Controller: config.Controller{SkipNameValidation: ptr(true)},
	})
	if err != nil {
		return nil, err
	}
	provider, err := credsProvider(mgr)
	if err != nil {
		return nil, err
	}
	res := resolver.NewResolver(mgr.GetClient(), mgr.GetScheme(), registration.HubKinds(controllers.KnownResources()), globalSubscription)
	opts := arm.Options{
		Credentials: provider, Resolver: res, ResyncPeriod: time.Hour,
		PollInterval: 100 * time.Millisecond, BackoffBase: 100 * time.Millisecond, BackoffMax: time.Second,
		SlowRetryBase: 500 * time.Millisecond, SlowRetryMax: 2 * time.Second,
	}
	return mgr, arm.SetupControllers(mgr, controllers.KnownResources(), opts, creds.logs.logger())
}

// credsProvider is the operator's provider with the test token source, over TLS to the server.
func credsProvider(mgr ctrl.Manager) (*credentials.Provider, error) {
	base := credsClientOptions()
	global := base
	global.Credential = fixedToken(tokenOf("global"))
	globalClient, err := genericarmclient.NewGenericClient(globalSubscription, global)
	if err != nil {
		return nil, err
	}
	return credentials.NewProvider(mgr.GetClient(), globalClient, credentials.NewClientFactory(base, testTokens)), nil
}

func credsClientOptions() genericarmclient.Options {
	return genericarmclient.Options{
		Endpoint: creds.arm.URL(), PollFrequency: 50 * time.Millisecond,
		ClientOptions: policy.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}, Transport: creds.arm.HTTPClient()},
	}
}

func stopCredentialsOperator() {
	creds.cancel()
	<-creds.done
	creds.arm.Close()
}
