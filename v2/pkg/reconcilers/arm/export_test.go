package arm_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cache "github.com/asogen/asogen/v2/api/cache/v1api20230801"
	storage "github.com/asogen/asogen/v2/api/storage/v1api20230101"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// TestSecretsExportedFromRedis: Redis exports its access keys (listKeys, from the default
// config) into the Secret the user named, owned by the Redis; the keys appear nowhere in the
// object or the logs; deleting the Redis deletes the Secret.
func TestSecretsExportedFromRedis(t *testing.T) {
	createResourceGroup(t, "rg-export")
	redis := &cache.Redis{ObjectMeta: meta("redis-export")}
	redis.Spec.Owner = owner("rg-export")
	redis.Spec.Location = "westus2"
	redis.Spec.Sku = cache.Sku{Capacity: 1, Family: "C", Name: "Standard"}
	redis.Spec.OperatorSpec = &cache.RedisOperatorSpec{Secrets: &cache.RedisOperatorSecrets{
		PrimaryKey:   &genruntime.SecretDestination{Name: "redis-keys", Key: "primary"},
		SecondaryKey: &genruntime.SecretDestination{Name: "redis-keys", Key: "secondary"},
	}}
	create(t, redis)
	waitReady(t, redis)
	id := rgID("rg-export") + "/providers/Microsoft.Cache/redis/redis-export"
	if len(requests(id, http.MethodPost)) == 0 {
		t.Fatal("no POST listKeys reached ARM")
	}
	primary, secondary := armserver.Keys(id)
	secret := &corev1.Secret{}
	if err := suite.kube.Get(context.Background(), client.ObjectKey{Namespace: namespace, Name: "redis-keys"}, secret); err != nil {
		t.Fatal(err)
	}
	if string(secret.Data["primary"]) != primary || string(secret.Data["secondary"]) != secondary {
		t.Fatalf("secret data keys %v do not hold the keys listKeys returned", keysOf(secret.Data))
	}
	if !metav1.IsControlledBy(secret, redis) {
		t.Fatalf("the Secret is not owned by the Redis: %+v", secret.OwnerReferences)
	}
	assertNotIn(t, redis, primary, secondary)

	deleteAndWait(t, redis)
	waitUntil(t, "the exported Secret to be deleted", func() bool {
		err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(secret), &corev1.Secret{})
		return client.IgnoreNotFound(err) == nil && err != nil
	})
}

// TestSecretsExporterStorageAccountKeys: StorageAccount has no export action in the config; its
// hand-written KubernetesSecretExporter lists the keys, and the reconciler writes key1 where the
// user asked.
func TestSecretsExporterStorageAccountKeys(t *testing.T) {
	createResourceGroup(t, "rg-sakeys")
	sa := &storage.StorageAccount{ObjectMeta: meta("sakeys")}
	sa.Spec.Owner = owner("rg-sakeys")
	sa.Spec.Location = "westus2"
	sa.Spec.Sku = storage.Sku{Name: "Standard_LRS"}
	sa.Spec.Kind = "StorageV2"
	sa.Spec.OperatorSpec = &storage.StorageAccountOperatorSpec{Secrets: &storage.StorageAccountOperatorSecrets{
		Key1: &genruntime.SecretDestination{Name: "sa-keys", Key: "connection-key"},
	}}
	create(t, sa)
	waitReady(t, sa)
	key1, _ := armserver.Keys(rgID("rg-sakeys") + "/providers/Microsoft.Storage/storageAccounts/sakeys")
	secret := &corev1.Secret{}
	if err := suite.kube.Get(context.Background(), client.ObjectKey{Namespace: namespace, Name: "sa-keys"}, secret); err != nil {
		t.Fatal(err)
	}
	if string(secret.Data["connection-key"]) != key1 || len(secret.Data) != 1 {
		t.Fatalf("secret keys %v; want connection-key holding key1", keysOf(secret.Data))
	}
	assertNotIn(t, sa, key1)
}

// TestSecretsExportRefusesForeignSecret: a Secret of the destination's name that the resource
// does not own is left untouched, and the condition says why.
func TestSecretsExportRefusesForeignSecret(t *testing.T) {
	createResourceGroup(t, "rg-foreign")
	foreign := &corev1.Secret{ObjectMeta: meta("not-yours"), Data: map[string][]byte{"primary": []byte("mine")}}
	create(t, foreign)
	redis := &cache.Redis{ObjectMeta: meta("redis-foreign")}
	redis.Spec.Owner = owner("rg-foreign")
	redis.Spec.Location = "westus2"
	redis.Spec.Sku = cache.Sku{Capacity: 1, Family: "C", Name: "Standard"}
	redis.Spec.OperatorSpec = &cache.RedisOperatorSpec{Secrets: &cache.RedisOperatorSecrets{
		PrimaryKey: &genruntime.SecretDestination{Name: "not-yours", Key: "primary"},
	}}
	create(t, redis)
	cond := waitReason(t, redis, conditions.SeverityWarning, conditions.ReasonFailed.Name)
	if !strings.Contains(cond.Message, `secret "not-yours" exists and does not belong to this resource`) {
		t.Errorf("condition: %q", cond.Message)
	}
	if err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(foreign), foreign); err != nil || string(foreign.Data["primary"]) != "mine" {
		t.Fatalf("the foreign Secret was changed: %v", err)
	}
}

func keysOf(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// assertNotIn checks that no value is in the object (as read back) or in the logs.
func assertNotIn(t *testing.T, obj client.Object, values ...string) {
	t.Helper()
	if err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(obj), obj); err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(obj)
	for _, v := range values {
		if strings.Contains(string(data), v) {
			t.Errorf("a secret value is in %s", obj.GetName())
		}
		if suite.logs.contains(v) {
			t.Error("a secret value is in the operator's logs")
		}
	}
}
