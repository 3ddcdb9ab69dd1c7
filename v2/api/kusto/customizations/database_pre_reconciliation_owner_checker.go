package customizations

import (
	"context"
	"fmt"
	"strings"

	kusto20221229s "github.com/asogen/asogen/v2/api/kusto/v1api20221229/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
	"github.com/go-logr/logr"
)

// servingClusterStates are the cluster states (properties.state) in which a Kusto cluster
// serves requests for its databases. In every other state (Creating, Unavailable, Deleting,
// Deleted, Stopping, Stopped, Starting, Updating, Migrated) a request for a database fails.
var servingClusterStates = []string{"Running"}

// settledProvisioningStates are the provisioning states in which no operation runs on the
// cluster. While one runs (Running, Creating, Updating, Deleting, Moving) ARM rejects database
// changes with a Conflict.
var settledProvisioningStates = []string{"Succeeded", "Failed", "Canceled"}

// CheckOwnerBeforeReconcile is the PreReconciliationOwnerChecker of kusto Database.
// A database cannot be read or changed while its cluster is stopped or busy, and every attempt
// would use request quota only to fail with a Conflict, so reconciling the database waits, with
// the cluster's state in the reason, until the cluster serves requests again.
func (ext *DatabaseExtension) CheckOwnerBeforeReconcile(
	ctx context.Context,
	cluster *kusto20221229s.Cluster,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
	next extensions.PreReconcileOwnerCheckFunc,
) (extensions.PreReconcileCheckResult, error) {
	if reason := clusterBlocksDatabases(cluster); reason != "" {
		log.V(1).Info("blocking reconcile of kusto database", "cluster", cluster.Name, "reason", reason)
		return extensions.BlockReconcile(reason), nil
	}
	return next(ctx, cluster, resourceResolver, armClient, log)
}

// clusterBlocksDatabases says why the cluster cannot serve its databases now, or returns "".
// A state not reported yet does not block.
func clusterBlocksDatabases(cluster *kusto20221229s.Cluster) string {
	if s := cluster.Status.State; s != nil && *s != "" && !containsFold(servingClusterStates, *s) {
		return fmt.Sprintf("Owning cluster %q is in state %q and cannot serve requests for its databases", cluster.Name, *s)
	}
	if s := cluster.Status.ProvisioningState; s != nil && *s != "" && !containsFold(settledProvisioningStates, *s) {
		return fmt.Sprintf("Owning cluster %q is in provisioning state %q; waiting for the operation on it to finish", cluster.Name, *s)
	}
	return ""
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}
