package customizations

import (
	"context"

	"github.com/go-logr/logr"

	// The hub of PrivateEndpoint.
	network20240301s "github.com/asogen/asogen/v2/api/network/v1api20240301/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// CheckAfterReconcile waits for approval.
func (ext *PrivateEndpointExtension) CheckAfterReconcile(
	ctx context.Context,
	privateEndpoint *network20240301s.PrivateEndpoint,
	owner genruntime.MetaObject,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
	next extensions.PostReconcileCheckFunc,
) (extensions.PostReconcileCheckResult, error) {
	return next(ctx, privateEndpoint, owner, resourceResolver, armClient, log)
}
