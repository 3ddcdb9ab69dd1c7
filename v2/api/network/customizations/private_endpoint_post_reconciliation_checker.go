package customizations

import (
	"context"
	"fmt"
	"strings"

	network20240301s "github.com/asogen/asogen/v2/api/network/v1api20240301/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
	"github.com/go-logr/logr"
)

// approved is the connection status the owner of a private link service sets once it accepts
// a manual connection request.
const approved = "Approved"

// CheckAfterReconcile is the PostReconciliationChecker of network PrivateEndpoint.
// A manual private-link connection must be approved by the owner of the target service before
// traffic flows, so the endpoint is not Ready while any of its manual connections is pending,
// rejected or has no status yet; the reason names those connections and their status.
func (ext *PrivateEndpointExtension) CheckAfterReconcile(
	ctx context.Context,
	privateEndpoint *network20240301s.PrivateEndpoint,
	owner genruntime.MetaObject,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
	next extensions.PostReconcileCheckFunc,
) (extensions.PostReconcileCheckResult, error) {
	waiting := unapprovedConnections(privateEndpoint.Status.ManualPrivateLinkServiceConnections)
	if len(waiting) > 0 {
		log.V(1).Info("private endpoint waits for connection approval", "connections", waiting)
		return extensions.PostReconcileCheckResultFailure(fmt.Sprintf(
			"Private endpoint %q is waiting for approval of manual private link connection(s): %s",
			privateEndpoint.Name, strings.Join(waiting, ", "))), nil
	}
	return next(ctx, privateEndpoint, owner, resourceResolver, armClient, log)
}

// unapprovedConnections describes each connection whose status is not Approved, as
// `"name" (status)`, in order.
func unapprovedConnections(connections []network20240301s.PrivateLinkServiceConnection_STATUS) []string {
	var out []string
	for _, c := range connections {
		status := connectionStatus(c)
		if !strings.EqualFold(status, approved) {
			out = append(out, fmt.Sprintf("%q (%s)", connectionName(c), status))
		}
	}
	return out
}

// connectionStatus is the connection's status, or a description of what is missing.
func connectionStatus(c network20240301s.PrivateLinkServiceConnection_STATUS) string {
	if c.PrivateLinkServiceConnectionState == nil || c.PrivateLinkServiceConnectionState.Status == nil {
		return "no status reported yet"
	}
	return *c.PrivateLinkServiceConnectionState.Status
}

// connectionName prefers the connection's name, then its ARM ID.
func connectionName(c network20240301s.PrivateLinkServiceConnection_STATUS) string {
	switch {
	case c.Name != nil && *c.Name != "":
		return *c.Name
	case c.ID != nil:
		return *c.ID
	}
	return "(unnamed)"
}
