package customizations

import (
	"context"
	"strings"
	"testing"

	"github.com/go-logr/logr"

	containerservice20231001s "github.com/asogen/asogen/v2/api/containerservice/v1api20231001/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// proceedPre is a next that proceeds and records that it ran.
func proceedPre(called *bool) extensions.PreReconcileCheckFunc {
	return func(context.Context, genruntime.MetaObject, genruntime.MetaObject, *resolver.Resolver,
		*genericarmclient.GenericClient, logr.Logger) (extensions.PreReconcileCheckResult, error) {
		*called = true
		return extensions.ProceedWithReconcile(), nil
	}
}

func managedCluster(state *string) *containerservice20231001s.ManagedCluster {
	mc := &containerservice20231001s.ManagedCluster{}
	mc.Name = "aks-prod"
	mc.Status.ProvisioningState = state
	return mc
}

func TestManagedClusterBlocksWhileTransient(t *testing.T) {
	for _, state := range []string{"Creating", "Updating", "Upgrading", "Scaling", "Deleting", "Starting", "Stopping", "updating"} {
		var called bool
		// Through the generated dispatch, as the reconciler calls it.
		result, err := (&ManagedClusterExtension{}).PreReconcileCheck(context.Background(), managedCluster(&state), nil,
			nil, nil, logr.Discard(), proceedPre(&called))
		if err != nil {
			t.Fatal(err)
		}
		if !result.ShouldBlock() || called {
			t.Errorf("%s: want block without calling next, got %s (next called: %v)", state, result, called)
		}
		if !strings.Contains(result.Message(), `"`+state+`"`) || !strings.Contains(result.Message(), "aks-prod") {
			t.Errorf("%s: reason lacks the state or cluster: %q", state, result.Message())
		}
	}
}

func TestManagedClusterProceedsWhenStable(t *testing.T) {
	for _, state := range []*string{ptr("Succeeded"), ptr("Failed"), ptr("Canceled"), ptr("succeeded"), ptr("CANCELED"), nil, ptr("")} {
		var called bool
		result, err := (&ManagedClusterExtension{}).PreReconcileCheck(context.Background(), managedCluster(state), nil,
			nil, nil, logr.Discard(), proceedPre(&called))
		if err != nil || !result.ShouldProceed() || !called {
			t.Errorf("state %v: want next called and proceed, got %s, %v (next called: %v)", deref(state), result, err, called)
		}
	}
}

func ptr(s string) *string { return &s }

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}
