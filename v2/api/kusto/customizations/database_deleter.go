package customizations

import (
	"context"

	"github.com/go-logr/logr"

	kusto20221229s "github.com/asogen/asogen/v2/api/kusto/v1api20221229/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// DeleteFromAzure is the Deleter of kusto Database.
// Deleting a Kusto cluster deletes its databases, and a DELETE of a database races with the
// cluster's own deletion (and is refused while the cluster is not running). So while the owning
// Cluster is itself being deleted in Kubernetes, the database is left to go with it: no DELETE is
// sent and the object is released. Otherwise the database is deleted as usual.
func (ext *DatabaseExtension) DeleteFromAzure(
	ctx context.Context,
	database *kusto20221229s.Database,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
	next extensions.DeleteFunc,
) (extensions.DeleteResult, error) {
	owner, _, err := resourceResolver.ResolveOwner(ctx, database)
	if err == nil && owner != nil && !owner.GetDeletionTimestamp().IsZero() {
		log.Info("Not deleting the database in Azure: its cluster is being deleted, which deletes it",
			"cluster", owner.GetName())
		return extensions.DeleteCompleted(), nil
	}
	return next(ctx, database, resourceResolver, armClient, log)
}
