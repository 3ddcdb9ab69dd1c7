package customizations

import (
	"context"
	"strings"
	"testing"

	"github.com/go-logr/logr"

	kusto20221229s "github.com/asogen/asogen/v2/api/kusto/v1api20221229/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// proceedOwner is a next that proceeds and records that it ran.
func proceedOwner(called *bool) extensions.PreReconcileOwnerCheckFunc {
	return func(context.Context, genruntime.MetaObject, *resolver.Resolver, *genericarmclient.GenericClient,
		logr.Logger) (extensions.PreReconcileCheckResult, error) {
		*called = true
		return extensions.ProceedWithReconcile(), nil
	}
}

func cluster(state, provisioning *string) *kusto20221229s.Cluster {
	c := &kusto20221229s.Cluster{}
	c.Name = "adx-analytics"
	c.Status.State = state
	c.Status.ProvisioningState = provisioning
	return c
}

func ownerCheck(t *testing.T, c *kusto20221229s.Cluster) (extensions.PreReconcileCheckResult, bool) {
	t.Helper()
	var called bool
	// Through the generated dispatch, as the reconciler calls it.
	result, err := (&DatabaseExtension{}).PreReconcileOwnerCheck(context.Background(), c, nil, nil, logr.Discard(), proceedOwner(&called))
	if err != nil {
		t.Fatal(err)
	}
	return result, called
}

func TestDatabaseBlockedWhileClusterCannotServe(t *testing.T) {
	for _, state := range []string{"Stopped", "Stopping", "Starting", "Updating", "Creating", "Deleting", "Unavailable", "stopped"} {
		result, called := ownerCheck(t, cluster(str(state), str("Succeeded")))
		if !result.ShouldBlock() || called {
			t.Errorf("state %s: want block without next, got %s (next called %v)", state, result, called)
		}
		if !strings.Contains(result.Message(), `state "`+state+`"`) || !strings.Contains(result.Message(), "adx-analytics") {
			t.Errorf("state %s: reason %q", state, result.Message())
		}
	}
}

func TestDatabaseBlockedWhileClusterBusy(t *testing.T) {
	for _, ps := range []string{"Creating", "Updating", "Deleting", "Moving", "Running"} {
		result, called := ownerCheck(t, cluster(str("Running"), str(ps)))
		if !result.ShouldBlock() || called || !strings.Contains(result.Message(), `provisioning state "`+ps+`"`) {
			t.Errorf("provisioning %s: got %s (next called %v)", ps, result, called)
		}
	}
}

func TestDatabaseProceedsWhenClusterServes(t *testing.T) {
	cases := map[string]*kusto20221229s.Cluster{
		"running, succeeded": cluster(str("Running"), str("Succeeded")),
		"running, failed":    cluster(str("running"), str("Failed")),
		"nothing reported":   cluster(nil, nil),
		"empty strings":      cluster(str(""), str("")),
	}
	for name, c := range cases {
		result, called := ownerCheck(t, c)
		if !result.ShouldProceed() || !called {
			t.Errorf("%s: want next called and proceed, got %s (next called %v)", name, result, called)
		}
	}
}

func str(s string) *string { return &s }
