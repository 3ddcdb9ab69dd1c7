package customizations

import (
	"context"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"

	containerservice20231001 "github.com/asogen/asogen/v2/api/containerservice/v1api20231001"
	containerservice20231001s "github.com/asogen/asogen/v2/api/containerservice/v1api20231001/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// existingAgentPools is the part of a GET of a managed cluster this modifier reads.
type existingAgentPools struct {
	Properties struct {
		AgentPoolProfiles []containerservice20231001.ManagedClusterAgentPoolProfile_ARM `json:"agentPoolProfiles"`
	} `json:"properties"`
}

// ModifyARMPayload is the ARMResourceModifier of containerservice ManagedCluster.
// When the spec lists no agent pools (they are managed elsewhere, as agent pool resources or by
// the cluster's autoscaler), the PUT carries the pools the cluster has in Azure: a PUT of a
// managed cluster without agentPoolProfiles is rejected, or would drop them. A spec that lists
// pools is sent as it is, and so is the first PUT of a cluster that does not exist yet.
func (ext *ManagedClusterExtension) ModifyARMPayload(
	ctx context.Context,
	managedCluster *containerservice20231001s.ManagedCluster,
	payload *ManagedClusterARMPayload,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
) error {
	body := payload.V20231001
	if body == nil || (body.Properties != nil && len(body.Properties.AgentPoolProfiles) > 0) {
		return nil
	}
	pools, err := agentPoolsInAzure(ctx, armClient, managedCluster, "2023-10-01")
	if err != nil || len(pools) == 0 {
		return err
	}
	if body.Properties == nil {
		body.Properties = &containerservice20231001.ManagedCluster_Spec_Properties_ARM{}
	}
	body.Properties.AgentPoolProfiles = pools
	log.V(1).Info("Keeping the agent pools the cluster has in Azure", "count", len(pools))
	return nil
}

// agentPoolsInAzure GETs the cluster's agent pools; none when the cluster does not exist yet.
func agentPoolsInAzure(ctx context.Context, armClient *genericarmclient.GenericClient, obj genruntime.MetaObject, apiVersion string) (
	[]containerservice20231001.ManagedClusterAgentPoolProfile_ARM, error,
) {
	id, ok := genruntime.GetResourceID(obj)
	if !ok {
		return nil, nil
	}
	var existing existingAgentPools
	err := armClient.GetByID(ctx, id, apiVersion, &existing)
	if genericarmclient.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, errors.Wrap(err, "reading the agent pools the cluster has in Azure")
	}
	return existing.Properties.AgentPoolProfiles, nil
}
