package customizations

import (
	"context"
	"fmt"
	"strings"

	containerservice20231001s "github.com/asogen/asogen/v2/api/containerservice/v1api20231001/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
	"github.com/go-logr/logr"
)

// stableProvisioningStates are the provisioning states in which AKS accepts a PUT. Any other
// state (Creating, Updating, Upgrading, Scaling, Deleting, Migrating, Starting, Stopping, …) is
// transient: a PUT sent then fails with a conflict, so reconciling waits for it to settle.
var stableProvisioningStates = []string{"Succeeded", "Failed", "Canceled"}

// CheckBeforeReconcile is the PreReconciliationChecker of containerservice ManagedCluster.
// It blocks the PUT while the cluster's provisioning state is transient, so ASO does not fill
// the logs with conflicts while AKS is busy; the condition names the state it waits on.
func (ext *ManagedClusterExtension) CheckBeforeReconcile(
	ctx context.Context,
	managedCluster *containerservice20231001s.ManagedCluster,
	owner genruntime.MetaObject,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
	next extensions.PreReconcileCheckFunc,
) (extensions.PreReconcileCheckResult, error) {
	state := managedCluster.Status.ProvisioningState
	if state != nil && isTransientProvisioningState(*state) {
		log.V(1).Info("blocking reconcile of managed cluster", "provisioningState", *state)
		return extensions.BlockReconcile(
			fmt.Sprintf("Managed cluster %q is in provisioning state %q; waiting for it to reach Succeeded, Failed or Canceled",
				managedCluster.Name, *state)), nil
	}
	return next(ctx, managedCluster, owner, resourceResolver, armClient, log)
}

// isTransientProvisioningState reports whether AKS is still working on the cluster. An empty
// state (a cluster not created yet) is not transient.
func isTransientProvisioningState(state string) bool {
	if state == "" {
		return false
	}
	for _, stable := range stableProvisioningStates {
		if strings.EqualFold(state, stable) {
			return false
		}
	}
	return true
}
