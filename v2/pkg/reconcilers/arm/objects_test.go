package arm_test

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	cache "github.com/asogen/asogen/v2/api/cache/v1api20230801"
	containerservice "github.com/asogen/asogen/v2/api/containerservice/v1api20231001"
	kusto "github.com/asogen/asogen/v2/api/kusto/v1api20221229"
	storage "github.com/asogen/asogen/v2/api/storage/v1api20230101"
	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// The minimal valid objects the scenarios create, at their API versions, in resource group rg.

func newStorageAccount(name, rg string) *storage.StorageAccount {
	sa := &storage.StorageAccount{ObjectMeta: meta(name)}
	sa.Spec.Owner = owner(rg)
	sa.Spec.Location = "westus2"
	sa.Spec.Sku = storage.Sku{Name: "Standard_LRS"}
	sa.Spec.Kind = "StorageV2"
	return sa
}

func newRedis(name, rg string) *cache.Redis {
	redis := &cache.Redis{ObjectMeta: meta(name)}
	redis.Spec.Owner = owner(rg)
	redis.Spec.Location = "westus2"
	redis.Spec.Sku = cache.Sku{Capacity: 1, Family: "C", Name: "Standard"}
	return redis
}

func newKustoCluster(name, rg string) *kusto.Cluster {
	cluster := &kusto.Cluster{ObjectMeta: meta(name)}
	cluster.Spec.Owner = owner(rg)
	cluster.Spec.Location = "westus2"
	cluster.Spec.Sku = kusto.AzureSku{Name: "Standard_E8ads_v5", Tier: "Standard"}
	return cluster
}

// newManagedClusterReading is a ManagedCluster whose service principal's secret is the
// client-secret key of the Secret secretName.
func newManagedClusterReading(m metav1.ObjectMeta, rg, secretName string) *containerservice.ManagedCluster {
	mc := &containerservice.ManagedCluster{ObjectMeta: m}
	mc.Spec.Owner = owner(rg)
	mc.Spec.Location = "westus2"
	mc.Spec.ServicePrincipalProfile = &containerservice.ManagedClusterServicePrincipalProfile{
		ClientID: "app", Secret: &genruntime.SecretReference{Name: secretName, Key: "client-secret"},
	}
	return mc
}
