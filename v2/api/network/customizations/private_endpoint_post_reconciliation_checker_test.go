package customizations

import (
	"context"
	"strings"
	"testing"

	"github.com/go-logr/logr"

	network20240301s "github.com/asogen/asogen/v2/api/network/v1api20240301/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// succeedPost is a next that succeeds and records that it ran.
func succeedPost(called *bool) extensions.PostReconcileCheckFunc {
	return func(context.Context, genruntime.MetaObject, genruntime.MetaObject, *resolver.Resolver,
		*genericarmclient.GenericClient, logr.Logger) (extensions.PostReconcileCheckResult, error) {
		*called = true
		return extensions.PostReconcileCheckResultSuccess(), nil
	}
}

func str(s string) *string { return &s }

// connection is a manual connection as ARM reports it; a nil status leaves the state out.
func connection(name string, status *string) network20240301s.PrivateLinkServiceConnection_STATUS {
	c := network20240301s.PrivateLinkServiceConnection_STATUS{
		Name: str(name),
		ID:   str("/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.Network/privateEndpoints/pe/manualPrivateLinkServiceConnections/" + name),
	}
	if status != nil {
		c.PrivateLinkServiceConnectionState = &network20240301s.PrivateLinkServiceConnectionState_STATUS{
			Status: status, Description: str("Awaiting approval"), ActionsRequired: str("None"),
		}
	}
	return c
}

func endpoint(connections ...network20240301s.PrivateLinkServiceConnection_STATUS) *network20240301s.PrivateEndpoint {
	pe := &network20240301s.PrivateEndpoint{}
	pe.Name = "pe-storage"
	pe.Status.ManualPrivateLinkServiceConnections = connections
	return pe
}

func postCheck(t *testing.T, pe *network20240301s.PrivateEndpoint) (extensions.PostReconcileCheckResult, bool) {
	t.Helper()
	var called bool
	result, err := (&PrivateEndpointExtension{}).PostReconcileCheck(context.Background(), pe, nil, nil, nil,
		logr.Discard(), succeedPost(&called))
	if err != nil {
		t.Fatal(err)
	}
	return result, called
}

func TestPrivateEndpointWaitsForApproval(t *testing.T) {
	pe := endpoint(connection("to-blob", str("Approved")), connection("to-queue", str("Pending")),
		connection("to-table", str("Rejected")), connection("to-file", nil))
	result, called := postCheck(t, pe)
	if !result.Failure() || called {
		t.Fatalf("want failure without calling next, got %s (next called %v)", result, called)
	}
	msg := result.Message()
	for _, want := range []string{`"pe-storage"`, `"to-queue" (Pending)`, `"to-table" (Rejected)`, `"to-file" (no status reported yet)`} {
		if !strings.Contains(msg, want) {
			t.Errorf("reason lacks %s: %q", want, msg)
		}
	}
	if strings.Contains(msg, "to-blob") {
		t.Errorf("reason names an approved connection: %q", msg)
	}
}

func TestPrivateEndpointReadyWhenApproved(t *testing.T) {
	cases := map[string]*network20240301s.PrivateEndpoint{
		"all approved":       endpoint(connection("to-blob", str("Approved")), connection("to-queue", str("approved"))),
		"no manual":          endpoint(),
		"nil status section": {},
	}
	for name, pe := range cases {
		result, called := postCheck(t, pe)
		if !result.Success() || !called {
			t.Errorf("%s: want next called and success, got %s (next called %v)", name, result, called)
		}
	}
}

func TestPrivateEndpointUnnamedConnection(t *testing.T) {
	c := network20240301s.PrivateLinkServiceConnection_STATUS{}
	result, _ := postCheck(t, endpoint(c))
	if !strings.Contains(result.Message(), `"(unnamed)" (no status reported yet)`) {
		t.Errorf("got %q", result.Message())
	}
}
