package arm_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cache "github.com/asogen/asogen/v2/api/cache/v1api20230801"
	containerservice "github.com/asogen/asogen/v2/api/containerservice/v1api20231001"
	storage "github.com/asogen/asogen/v2/api/storage/v1api20230101"
)

// validCluster is a ManagedCluster at v1api20231001 that satisfies the spec's constraints: an
// agent pool name matching ^[a-z][a-z0-9]{0,11}$, a pod CIDR, and an idle timeout in 4..120.
func validCluster(name, rg string) *containerservice.ManagedCluster {
	mc := &containerservice.ManagedCluster{ObjectMeta: meta(name)}
	mc.Spec.Owner = owner(rg)
	mc.Spec.Location = "westus2"
	mc.Spec.DNSPrefix = ptr(name)
	mc.Spec.AgentPoolProfiles = []containerservice.ManagedClusterAgentPoolProfile{{Name: "pool1", Count: ptr(1)}}
	mc.Spec.NetworkProfile = &containerservice.ContainerServiceNetworkProfile{
		PodCidr:             ptr("10.244.0.0/16"),
		LoadBalancerProfile: &containerservice.ManagedClusterLoadBalancerProfile{IdleTimeoutInMinutes: ptr(30)},
	}
	return mc
}

// The spec's pattern, length and range constraints reach the CRDs: the API server rejects an
// object at an API version that breaks one, naming the field and the rule, and nothing reaches
// ARM; the same objects within the constraints are accepted and reconciled.
func TestRealSpecsValidationRejectsBadValues(t *testing.T) {
	createResourceGroup(t, "rg-validation")
	cases := map[string]struct {
		obj  client.Object
		want []string
	}{
		"pattern": {withCluster("mc-pattern", func(mc *containerservice.ManagedCluster) {
			mc.Spec.AgentPoolProfiles[0].Name = "Pool_1"
		}), []string{"spec.agentPoolProfiles[0].name", "should match '^[a-z][a-z0-9]{0,11}$'"}},
		"nested pattern": {withCluster("mc-cidr", func(mc *containerservice.ManagedCluster) {
			mc.Spec.NetworkProfile.PodCidr = ptr("10.244.0.0/99")
		}), []string{"spec.networkProfile.podCidr", "should match"}},
		"range": {withCluster("mc-range", func(mc *containerservice.ManagedCluster) {
			mc.Spec.NetworkProfile.LoadBalancerProfile.IdleTimeoutInMinutes = ptr(3)
		}), []string{"spec.networkProfile.loadBalancerProfile.idleTimeoutInMinutes", "should be greater than or equal to 4"}},
		"length": {withAccount("sa-short", "ab"), []string{"spec.azureName", "should be at least 3 chars long"}},
		"length from metadata.name": {newStorageAccount("thisnameislongerthan24chars", "rg-validation"),
			[]string{"spec.azureName", "may not be more than 24 bytes"}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			err := suite.kube.Create(context.Background(), c.obj)
			if err == nil || !apierrors.IsInvalid(err) {
				t.Fatalf("create of %s was not rejected as invalid: %v", c.obj.GetName(), err)
			}
			for _, part := range c.want {
				if !strings.Contains(err.Error(), part) {
					t.Errorf("rejection %q does not contain %q", err.Error(), part)
				}
			}
		})
	}
	for _, r := range suite.arm.Requests() {
		if strings.Contains(r.Path, "/mc-") || strings.Contains(r.Path, "/ab") || strings.Contains(r.Path, "longerthan24") {
			t.Errorf("a rejected object reached ARM: %s %s", r.Method, r.Path)
		}
	}
}

// Objects within every constraint (edge values included) are accepted at their API versions and
// reach ARM.
func TestRealSpecsValidationAcceptsGoodValues(t *testing.T) {
	createResourceGroup(t, "rg-valid")
	mc := withCluster("mcvalid", func(mc *containerservice.ManagedCluster) {
		mc.Spec.Owner = owner("rg-valid")
		mc.Spec.AgentPoolProfiles[0].Name = "a23456789012"
		mc.Spec.NetworkProfile.LoadBalancerProfile.IdleTimeoutInMinutes = ptr(120)
	})
	sa := withAccount("savalid", "abc")
	sa.Spec.Owner = owner("rg-valid")
	for _, obj := range []client.Object{mc, sa} {
		create(t, obj)
	}
	waitReady(t, mc)
	waitReady(t, sa)
	id := rgID("rg-valid") + "/providers/Microsoft.Storage/storageAccounts/abc"
	if len(requests(id, http.MethodPut)) == 0 {
		t.Errorf("no PUT reached %s", id)
	}
}

func withCluster(name string, change func(*containerservice.ManagedCluster)) *containerservice.ManagedCluster {
	mc := validCluster(name, "rg-validation")
	change(mc)
	return mc
}

func withAccount(name, azureName string) *storage.StorageAccount {
	sa := newStorageAccount(name, "rg-validation")
	sa.Spec.AzureName = azureName
	return sa
}

// A Redis patch schedule (patchSchedules/{default}, whose name parameter has the one value
// "default") applied at v1api20230801 under a Redis is PUT at .../redis/<name>/patchSchedules/default
// whatever its metadata.name; any other azureName is rejected by the API server.
func TestRealSpecsFixedNameChild(t *testing.T) {
	createResourceGroup(t, "rg-fixed")
	redis := &cache.Redis{ObjectMeta: meta("fixedcache")}
	redis.Spec.Owner = owner("rg-fixed")
	redis.Spec.Location = "westus2"
	redis.Spec.Sku = cache.Sku{Capacity: 1, Family: "C", Name: "Standard"}
	create(t, redis)
	waitReady(t, redis)
	ps := &cache.PatchSchedule{ObjectMeta: meta("weekend-patches")}
	ps.Spec.Owner = owner("fixedcache")
	ps.Spec.ScheduleEntries = []cache.ScheduleEntry{{DayOfWeek: "Weekend", StartHourUtc: 2}}
	create(t, ps)
	waitReady(t, ps)
	id := rgID("rg-fixed") + "/providers/Microsoft.Cache/redis/fixedcache/patchSchedules/default"
	if v := apiVersions(id, http.MethodPut); len(v) == 0 || v[0] != "2023-08-01" {
		t.Errorf("PUTs to %s at api-versions %v, want 2023-08-01", id, v)
	}
	if ps.Spec.AzureName != "default" {
		t.Errorf("spec.azureName %q, want the fixed name persisted by the defaulting webhook", ps.Spec.AzureName)
	}
	other := &cache.PatchSchedule{ObjectMeta: meta("renamed-patches")}
	other.Spec.Owner = owner("fixedcache")
	other.Spec.AzureName = "nightly"
	other.Spec.ScheduleEntries = ps.Spec.ScheduleEntries
	err := suite.kube.Create(context.Background(), other)
	if err == nil || !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "spec.azureName") || !strings.Contains(err.Error(), "^default$") {
		t.Errorf("a patch schedule named %q was not rejected as invalid: %v", other.Spec.AzureName, err)
	}
}
