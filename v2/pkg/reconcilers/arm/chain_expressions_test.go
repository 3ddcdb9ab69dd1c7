package arm_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cache "github.com/asogen/asogen/v2/api/cache/v1api20230801"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// endpointExpr builds a Redis endpoint from the object alone.
const endpointExpr = `self.metadata.name + "." + self.spec.location + ".redis.example:6380"`

// newExprRedis is a Redis in rg with the given operatorSpec.
func newExprRedis(name, rg string, ops *cache.RedisOperatorSpec) *cache.Redis {
	redis := &cache.Redis{ObjectMeta: meta(name)}
	redis.Spec.Owner = owner(rg)
	redis.Spec.Location = "westus2"
	redis.Spec.Sku = cache.Sku{Capacity: 1, Family: "C", Name: "Standard"}
	redis.Spec.OperatorSpec = ops
	return redis
}

func redisID(rg, name string) string {
	return rgID(rg) + "/providers/Microsoft.Cache/redis/" + name
}

// TestChainExpressions: a ConfigMap expression over self and a Secret expression over self and
// the exported secrets are written where the user asked, after Ready.
func TestChainExpressions(t *testing.T) {
	createResourceGroup(t, "rg-expr")
	redis := newExprRedis("redis-expr", "rg-expr", &cache.RedisOperatorSpec{
		ConfigMapExpressions: []genruntime.DestinationExpression{{Name: "redis-info", Key: "endpoint", Value: endpointExpr}},
		SecretExpressions: []genruntime.DestinationExpression{{Name: "redis-conn", Key: "connection",
			Value: endpointExpr + ` + ",password=" + secret.primaryKey + ",ssl=True"`}},
	})
	create(t, redis)
	waitReady(t, redis)
	primary, _ := armserver.Keys(redisID("rg-expr", "redis-expr"))
	if cm := getConfigMap(t, "redis-info"); cm.Data["endpoint"] != "redis-expr.westus2.redis.example:6380" {
		t.Errorf("config map data %v", cm.Data)
	}
	secret := &corev1.Secret{}
	if err := suite.kube.Get(context.Background(), client.ObjectKey{Namespace: namespace, Name: "redis-conn"}, secret); err != nil {
		t.Fatal(err)
	}
	if want := "redis-expr.westus2.redis.example:6380,password=" + primary + ",ssl=True"; string(secret.Data["connection"]) != want {
		t.Errorf("the connection string is not the expression's value (keys %v)", keysOf(secret.Data))
	}
}

// TestChainExpressionsAdmission: the webhook compiles every expression: a ConfigMap expression
// cannot read secret, a syntax error and a result that cannot be a string are refused, and an
// expression into a key a destination already writes is refused.
func TestChainExpressionsAdmission(t *testing.T) {
	cases := map[string]*cache.RedisOperatorSpec{
		"undeclared reference to 'secret'":                    {ConfigMapExpressions: []genruntime.DestinationExpression{{Name: "m", Key: "k", Value: `secret.primaryKey`}}},
		"Syntax error":                                        {ConfigMapExpressions: []genruntime.DestinationExpression{{Name: "m", Key: "k", Value: `self.spec.location +`}}},
		"the expression returns int; it must return a string": {SecretExpressions: []genruntime.DestinationExpression{{Name: "s", Key: "k", Value: `1 + 2`}}},
		`both name secret "s" key "k"`: {
			Secrets:           &cache.RedisOperatorSecrets{PrimaryKey: &genruntime.SecretDestination{Name: "s", Key: "k"}},
			SecretExpressions: []genruntime.DestinationExpression{{Name: "s", Key: "k", Value: `secret.primaryKey`}},
		},
	}
	for want, ops := range cases {
		err := suite.kube.Create(context.Background(), newExprRedis("redis-admit", "rg-any", ops))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("create returned %v; want an admission error containing %q", err, want)
		}
	}
}

// TestChainExpressionsLeak: no secret value reaches a ConfigMap, a condition, an Event or a log:
// not through a Secret expression that fails at run time (its error is redacted), and not
// through the exports that succeed.
func TestChainExpressionsLeak(t *testing.T) {
	createResourceGroup(t, "rg-leak")
	redis := newExprRedis("redis-leak", "rg-leak", &cache.RedisOperatorSpec{
		Secrets:              &cache.RedisOperatorSecrets{PrimaryKey: &genruntime.SecretDestination{Name: "leak-keys", Key: "primary"}},
		ConfigMapExpressions: []genruntime.DestinationExpression{{Name: "leak-info", Key: "endpoint", Value: endpointExpr}},
		SecretExpressions: []genruntime.DestinationExpression{{Name: "leak-keys", Key: "port",
			Value: `string(int(secret.primaryKey))`}}, // fails at run time, on the value
	})
	create(t, redis)
	id := redisID("rg-leak", "redis-leak")
	waitUntil(t, "the POST listKeys", func() bool { return len(requests(id, http.MethodPost)) > 0 })
	cond := waitReason(t, redis, conditions.SeverityWarning, conditions.ReasonFailed.Name)
	if !strings.Contains(cond.Message, "spec.operatorSpec.secretExpressions[0]") {
		t.Errorf("the Warning should name the expression: %q", cond.Message)
	}
	primary, secondary := armserver.Keys(id)
	assertNowhereIn(t, redis, primary, secondary)

	modify(t, redis, func() { redis.Spec.OperatorSpec.SecretExpressions[0].Value = `"6380"` })
	waitReady(t, redis)
	if cm := getConfigMap(t, "leak-info"); cm.Data["endpoint"] == "" {
		t.Errorf("the ConfigMap export did not run: %v", cm.Data)
	}
	assertNowhereIn(t, redis, primary, secondary)
}

// assertNowhereIn searches every ConfigMap of the namespace, the object (conditions included),
// the namespace's Events and the operator's logs for each value.
func assertNowhereIn(t *testing.T, obj client.Object, values ...string) {
	t.Helper()
	var maps corev1.ConfigMapList
	if err := suite.kube.List(context.Background(), &maps, client.InNamespace(namespace)); err != nil {
		t.Fatal(err)
	}
	var events corev1.EventList
	if err := suite.kube.List(context.Background(), &events, client.InNamespace(namespace)); err != nil {
		t.Fatal(err)
	}
	for _, v := range values {
		for _, cm := range maps.Items {
			for k, d := range cm.Data {
				if strings.Contains(d, v) {
					t.Errorf("a secret value is in ConfigMap %s key %s", cm.Name, k)
				}
			}
		}
		for _, e := range events.Items {
			if strings.Contains(e.Message, v) {
				t.Errorf("a secret value is in Event %s", e.Name)
			}
		}
	}
	assertNotIn(t, obj, values...)
}
