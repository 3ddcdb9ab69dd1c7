package customizations

import (
	"context"
	"testing"

	"github.com/go-logr/logr"
	kptr "k8s.io/utils/ptr"

	containerservice20231001 "github.com/asogen/asogen/v2/api/containerservice/v1api20231001"
	containerservice20231001s "github.com/asogen/asogen/v2/api/containerservice/v1api20231001/storage"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
)

const aksID = "/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg/providers/Microsoft.ContainerService/managedClusters/aks1"

// modifierFixture is an ARM server holding a cluster with one agent pool, a client for it and
// the cluster object claiming that ID.
func modifierFixture(t *testing.T) (*genericarmclient.GenericClient, *containerservice20231001s.ManagedCluster) {
	t.Helper()
	server := armserver.Start(t, armserver.WithoutResourceGroupCheck())
	pools := []any{map[string]any{"name": "system", "count": 3, "vmSize": "Standard_D4s_v5", "mode": "System"}}
	if err := server.Seed(aksID, map[string]any{"location": "westus2", "properties": map[string]any{"agentPoolProfiles": pools}}); err != nil {
		t.Fatal(err)
	}
	client, err := genericarmclient.NewGenericClient("00000000-0000-0000-0000-000000000001", genericarmclient.Options{Endpoint: server.URL()})
	if err != nil {
		t.Fatal(err)
	}
	mc := &containerservice20231001s.ManagedCluster{}
	genruntime.SetResourceID(mc, aksID)
	return client, mc
}

func modify(t *testing.T, client *genericarmclient.GenericClient, mc *containerservice20231001s.ManagedCluster, body *containerservice20231001.ManagedCluster_Spec_ARM) {
	t.Helper()
	host := &ManagedClusterExtension{}
	if err := host.ModifyARMResource(context.Background(), mc, body, nil, client, logr.Discard()); err != nil {
		t.Fatal(err)
	}
}

func TestExtensionManagedClusterKeepsAgentPoolsFromAzure(t *testing.T) {
	client, mc := modifierFixture(t)
	body := &containerservice20231001.ManagedCluster_Spec_ARM{}
	modify(t, client, mc, body)
	if body.Properties == nil || len(body.Properties.AgentPoolProfiles) != 1 {
		t.Fatalf("payload properties %+v; want the pool from Azure", body.Properties)
	}
	pool := body.Properties.AgentPoolProfiles[0]
	if kptr.Deref(pool.Name, "") != "system" || kptr.Deref(pool.Count, 0) != 3 {
		t.Errorf("pool %+v; want system with 3 nodes", pool)
	}
}

func TestExtensionManagedClusterSpecPoolsWin(t *testing.T) {
	client, mc := modifierFixture(t)
	mine := containerservice20231001.ManagedClusterAgentPoolProfile_ARM{Name: kptr.To("mine")}
	body := &containerservice20231001.ManagedCluster_Spec_ARM{
		Properties: &containerservice20231001.ManagedCluster_Spec_Properties_ARM{
			AgentPoolProfiles: []containerservice20231001.ManagedClusterAgentPoolProfile_ARM{mine},
		},
	}
	modify(t, client, mc, body)
	if len(body.Properties.AgentPoolProfiles) != 1 || *body.Properties.AgentPoolProfiles[0].Name != "mine" {
		t.Errorf("pools %+v; the spec's pools must be sent unchanged", body.Properties.AgentPoolProfiles)
	}
	unclaimed := &containerservice20231001s.ManagedCluster{}
	empty := &containerservice20231001.ManagedCluster_Spec_ARM{}
	modify(t, client, unclaimed, empty)
	if empty.Properties != nil {
		t.Errorf("a cluster never claimed in Azure got %+v", empty.Properties)
	}
}

func TestExtensionManagedClusterRejectsOtherPayloads(t *testing.T) {
	client, mc := modifierFixture(t)
	err := (&ManagedClusterExtension{}).ModifyARMResource(context.Background(), mc, map[string]any{}, nil, client, logr.Discard())
	if err == nil {
		t.Fatal("a payload of another type must be an error")
	}
}
