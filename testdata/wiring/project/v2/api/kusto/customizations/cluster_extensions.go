package customizations

import (
	"context"

	"github.com/go-logr/logr"

	kusto "github.com/asogen/asogen/v2/api/kusto/v1api20230815/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// CheckBeforeReconcile uses a custom import alias, which the checker resolves.
func (ext *ClusterExtension) CheckBeforeReconcile(
	ctx context.Context,
	cluster *kusto.Cluster,
	owner genruntime.MetaObject,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
	next extensions.PreReconcileCheckFunc,
) (extensions.PreReconcileCheckResult, error) {
	return next(ctx, cluster, owner, resourceResolver, armClient, log)
}

// CheckAfterReconcile groups parameters, which the checker expands.
func (ext *ClusterExtension) CheckAfterReconcile(
	ctx context.Context,
	cluster *kusto.Cluster,
	owner genruntime.MetaObject,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
	next extensions.PostReconcileCheckFunc,
) (extensions.PostReconcileCheckResult, error) {
	return next(ctx, cluster, owner, resourceResolver, armClient, log)
}
