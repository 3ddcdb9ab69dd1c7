package arm_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/config"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/asogen/asogen/v2/internal/controllers"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/reconcilers/arm"
	"github.com/asogen/asogen/v2/pkg/registration"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// convergeNamespace is where the convergence, scale and throughput tests create their objects.
const convergeNamespace = "converge"

// conv is a second operator on the suite's API server (the webhooks are the suite's), watching
// only convergeNamespace, with an ARM test server of its own behind a proxy that can hang
// requests. Tests restart it (a new manager, caches and reconcilers) as a process restart would.
var conv struct {
	arm    *armserver.Server
	proxy  *armProxy
	logs   *logSink
	writes *writeCounter
	cancel context.CancelFunc
	done   chan struct{}
}

// convOptions are what tests change across restarts.
type convOptions struct {
	resync        time.Duration
	resyncPut     arm.ResyncPut
	defaultPolicy arm.ReconcilePolicy
}

var defaultConvOptions = convOptions{resync: time.Hour}

func startConvergeOperator() error {
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: convergeNamespace}}
	if err := suite.env.Client.Create(context.Background(), ns); err != nil {
		return err
	}
	conv.arm = armserver.New()
	conv.proxy = newARMProxy(conv.arm.URL())
	conv.logs = &logSink{}
	conv.writes = &writeCounter{counts: map[string]int{}}
	return startConv(defaultConvOptions)
}

func startConv(o convOptions) error {
	env := suite.env
	mgr, err := ctrl.NewManager(env.Config, ctrl.Options{
		Scheme: env.Client.Scheme(), Metrics: metricsserver.Options{BindAddress: "0"},
		Cache:      cache.Options{DefaultNamespaces: map[string]cache.Config{convergeNamespace: {}}},
		Controller: config.Controller{SkipNameValidation: ptr(true)}, // the suite's operator has the same controllers
	})
	if err != nil {
		return err
	}
	armClient, err := genericarmclient.NewGenericClient(subscription, genericarmclient.Options{
		Endpoint: conv.proxy.URL(), PollFrequency: 50 * time.Millisecond, RequestTimeout: 3 * time.Second,
		ClientOptions: policy.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}},
	})
	if err != nil {
		return err
	}
	res := resolver.NewResolver(mgr.GetClient(), mgr.GetScheme(), registration.HubKinds(controllers.KnownResources()), subscription)
	opts := arm.Options{
		ARMClient: armClient, Resolver: res, ResyncPeriod: o.resync, ResyncPut: o.resyncPut, DefaultReconcilePolicy: o.defaultPolicy,
		PollInterval: 100 * time.Millisecond, BackoffBase: 100 * time.Millisecond, BackoffMax: time.Second,
		SlowRetryBase: 500 * time.Millisecond, SlowRetryMax: 2 * time.Second, ReconcileTimeout: 20 * time.Second,
		Client: conv.writes.wrap(mgr.GetClient()),
	}
	if err := arm.SetupControllers(mgr, controllers.KnownResources(), opts, conv.logs.logger()); err != nil {
		return err
	}
	conv.cancel, conv.done, err = startInBackground(mgr)
	return err
}

// stopConv stops the operator and waits until its manager has returned.
func stopConv() {
	conv.cancel()
	<-conv.done
}

// writeCounter counts the operator's Kubernetes writes per object name, and lets a test act just
// before the operator writes (beforeWrite).
type writeCounter struct {
	mu          sync.Mutex
	counts      map[string]int
	updates     []string // full Updates (kind/name), which can overwrite a user's write
	beforeWrite func(obj client.Object)
}

// noWatch adapts the manager's (cached) client to what the interceptor wraps; nothing watches through it.
type noWatch struct{ client.Client }

func (noWatch) Watch(context.Context, client.ObjectList, ...client.ListOption) (watch.Interface, error) {
	return nil, errors.New("not supported")
}

func (w *writeCounter) wrap(c client.Client) client.Client {
	return interceptor.NewClient(noWatch{c}, interceptor.Funcs{
		Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
			w.count(obj, false)
			return c.Patch(ctx, obj, patch, opts...)
		},
		Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
			w.count(obj, true)
			return c.Update(ctx, obj, opts...)
		},
		SubResourcePatch: func(ctx context.Context, c client.Client, sub string, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
			w.count(obj, false)
			return c.SubResource(sub).Patch(ctx, obj, patch, opts...)
		},
		SubResourceUpdate: func(ctx context.Context, c client.Client, sub string, obj client.Object, opts ...client.SubResourceUpdateOption) error {
			w.count(obj, true)
			return c.SubResource(sub).Update(ctx, obj, opts...)
		},
	})
}

func (w *writeCounter) count(obj client.Object, update bool) {
	w.mu.Lock()
	hook := w.beforeWrite
	w.counts[obj.GetName()]++
	if update {
		w.updates = append(w.updates, fmt.Sprintf("%T/%s", obj, obj.GetName()))
	}
	w.mu.Unlock()
	if hook != nil {
		hook(obj)
	}
}

func (w *writeCounter) of(name string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.counts[name]
}

func (w *writeCounter) setBeforeWrite(f func(client.Object)) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.beforeWrite = f
}

// armProxy forwards to the ARM test server, holding the requests a test chose to hang until
// the client gives up.
type armProxy struct {
	srv   *httptest.Server
	mu    sync.Mutex
	hangs map[string]bool // "METHOD id" (lower case)
}

func newARMProxy(target string) *armProxy {
	u, _ := url.Parse(target)
	p := &armProxy{hangs: map[string]bool{}}
	forward := httputil.NewSingleHostReverseProxy(u)
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p.hung(r) {
			<-r.Context().Done()
			return
		}
		forward.ServeHTTP(w, r)
	}))
	return p
}

func (p *armProxy) URL() string { return p.srv.URL }

func (p *armProxy) hang(method, id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hangs[strings.ToLower(method+" "+id)] = true
}

func (p *armProxy) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hangs = map[string]bool{}
}

func (p *armProxy) hung(r *http.Request) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.hangs[strings.ToLower(r.Method+" "+r.URL.Path)]
}
