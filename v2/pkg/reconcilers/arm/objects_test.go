package arm_test

import (
	cache "github.com/asogen/asogen/v2/api/cache/v1api20230801"
	kusto "github.com/asogen/asogen/v2/api/kusto/v1api20221229"
	storage "github.com/asogen/asogen/v2/api/storage/v1api20230101"
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
