package arm_test

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"

	resources "github.com/asogen/asogen/v2/api/resources/v1api20210401"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/registration"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

const (
	namespace = "default"
	wait      = 30 * time.Second
)

func ptr[T any](v T) *T { return &v }

// rgID is the ARM ID of a resource group in the test subscription.
func rgID(name string) string {
	return "/subscriptions/" + subscription + "/resourceGroups/" + name
}

// createResourceGroup creates a resource group and waits until it is Ready.
func createResourceGroup(t *testing.T, name string) {
	t.Helper()
	rg := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: namespace}}
	rg.Spec.Location = "westus2"
	create(t, rg)
	waitReady(t, rg)
}

func create(t *testing.T, obj client.Object) {
	t.Helper()
	if err := suite.kube.Create(context.Background(), obj); err != nil {
		t.Fatalf("creating %s: %v", obj.GetName(), err)
	}
}

// readyOf reads obj again and returns its Ready condition.
func readyOf(t *testing.T, obj genruntime.KubernetesResource) (conditions.Condition, bool) {
	t.Helper()
	if err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(obj), obj); err != nil {
		t.Fatalf("reading %s: %v", obj.GetName(), err)
	}
	return conditions.GetCondition(obj, conditions.ConditionTypeReady)
}

// waitFor polls until the Ready condition satisfies ok, and fails with the last one seen.
func waitFor(t *testing.T, obj genruntime.KubernetesResource, what string, ok func(conditions.Condition) bool) conditions.Condition {
	t.Helper()
	deadline := time.Now().Add(wait)
	var last conditions.Condition
	for time.Now().Before(deadline) {
		if c, found := readyOf(t, obj); found {
			last = c
			if ok(c) {
				return c
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s never became %s; last Ready condition: %+v", obj.GetName(), what, last)
	return last
}

func waitReady(t *testing.T, obj genruntime.KubernetesResource) {
	t.Helper()
	waitFor(t, obj, "Ready", func(c conditions.Condition) bool { return c.IsTrue() })
}

// waitReason waits for Ready False with the given severity and reason.
func waitReason(t *testing.T, obj genruntime.KubernetesResource, severity conditions.ConditionSeverity, reason string) conditions.Condition {
	t.Helper()
	return waitFor(t, obj, string(severity)+"/"+reason, func(c conditions.Condition) bool {
		return c.Status == metav1.ConditionFalse && c.Severity == severity && c.Reason == reason
	})
}

// requests lists the ARM requests with the given method for exactly id (polls excluded).
func requests(id, method string) []armserver.Request {
	return requestsIn(suite.arm, id, method)
}

// requestsIn lists srv's requests with the given method for exactly id (polls excluded).
func requestsIn(srv *armserver.Server, id, method string) []armserver.Request {
	var out []armserver.Request
	for _, r := range srv.RequestsFor(id) {
		if strings.EqualFold(r.ResourceID, id) && r.Method == method && !r.Operation {
			out = append(out, r)
		}
	}
	return out
}

// anyRequest reports whether any request at all reached id or below.
func anyRequest(id string) bool {
	return len(suite.arm.RequestsFor(id)) > 0
}

// testHooks replaces the extension of cache Redis with one whose pre-reconciliation check
// returns an error a number of times for objects named "failing-…", and postpones every
// reconcile of objects named "postponed-…".
type testHooks struct {
	failures atomic.Int32
}

func (h *testHooks) install(regs []registration.Resource) []registration.Resource {
	for i, r := range regs {
		if r.GroupKind == (schema.GroupKind{Group: "cache.azure.com", Kind: "Redis"}) {
			regs[i].Extension = &failingHost{ResourceExtension: r.Extension, hooks: h}
		}
	}
	return regs
}

type failingHost struct {
	genruntime.ResourceExtension
	hooks *testHooks
}

var _ extensions.PreReconciliationChecker = &failingHost{}

func (f *failingHost) PreReconcileCheck(
	ctx context.Context, obj, owner genruntime.MetaObject, r *resolver.Resolver,
	c *genericarmclient.GenericClient, log logr.Logger, next extensions.PreReconcileCheckFunc,
) (extensions.PreReconcileCheckResult, error) {
	if strings.HasPrefix(obj.GetName(), "failing-") && f.hooks.failures.Add(-1) >= 0 {
		return extensions.PreReconcileCheckResult{}, errTransient
	}
	if strings.HasPrefix(obj.GetName(), "postponed-") {
		return extensions.PostponeReconcile(), nil
	}
	return next(ctx, obj, owner, r, c, log)
}

type transientError struct{}

func (transientError) Error() string { return "the check could not reach its data source" }

var errTransient error = transientError{}

var _ = http.MethodGet
