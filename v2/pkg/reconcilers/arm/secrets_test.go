package arm_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	containerservice "github.com/asogen/asogen/v2/api/containerservice/v1api20231001"
	containerservicehub "github.com/asogen/asogen/v2/api/containerservice/v1api20231001/storage"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// TestSecretsInputReachOnlyThePUT: a ManagedCluster's service-principal secret is a
// SecretReference. A missing key is a Warning naming the Secret and key, with no PUT; once the
// key exists the PUT body carries the value, which appears nowhere in the object (at its API
// version or stored), its events or the operator's logs; rotating the Secret sends a new PUT.
func TestSecretsInputReachOnlyThePUT(t *testing.T) {
	createResourceGroup(t, "rg-secrets")
	secret := &corev1.Secret{ObjectMeta: meta("sp-credentials"), Data: map[string][]byte{"client-id": []byte("app")}}
	create(t, secret)
	mc := newManagedClusterReading(meta("mc-secrets"), "rg-secrets", "sp-credentials")
	create(t, mc)
	id := rgID("rg-secrets") + "/providers/Microsoft.ContainerService/managedClusters/mc-secrets"

	cond := waitReason(t, mc, conditions.SeverityWarning, conditions.ReasonSecretNotFound.Name)
	if !strings.Contains(cond.Message, `"sp-credentials"`) || !strings.Contains(cond.Message, `"client-secret"`) {
		t.Errorf("the Warning should name the Secret and the key: %q", cond.Message)
	}
	if n := len(requests(id, http.MethodPut)); n != 0 {
		t.Fatalf("%d PUTs without the secret's value", n)
	}

	const first = "first-value-7f3a9c"
	modify(t, secret, func() { secret.Data["client-secret"] = []byte(first) })
	waitReady(t, mc)
	waitUntil(t, "a PUT carrying the secret", func() bool { return putCarries(id, first) })
	assertNowhere(t, mc, first)

	const second = "second-value-b81e44"
	modify(t, secret, func() { secret.Data["client-secret"] = []byte(second) })
	waitUntil(t, "a PUT carrying the rotated secret", func() bool { return putCarries(id, second) })
	assertNowhere(t, mc, second)
}

// putCarries reports whether a PUT body for id held `"secret":"<value>"`.
func putCarries(id, value string) bool {
	for _, r := range requests(id, http.MethodPut) {
		if bytes.Contains(r.Body, []byte(`"secret":"`+value+`"`)) {
			return true
		}
	}
	return false
}

// assertNowhere searches the object at its API version and as stored, its events and the logs.
func assertNowhere(t *testing.T, mc *containerservice.ManagedCluster, value string) {
	t.Helper()
	hub := &containerservicehub.ManagedCluster{}
	for _, obj := range []client.Object{mc, hub} {
		if err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(mc), obj); err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(obj)
		if strings.Contains(string(data), value) {
			t.Errorf("the secret's value is in the object (%T): %s", obj, data)
		}
	}
	var events corev1.EventList
	if err := suite.kube.List(context.Background(), &events, client.InNamespace(namespace)); err != nil {
		t.Fatal(err)
	}
	for _, e := range events.Items {
		if strings.Contains(e.Message, value) || strings.Contains(e.Reason, value) {
			t.Errorf("the secret's value is in event %s: %q", e.Name, e.Message)
		}
	}
	if suite.logs.contains(value) {
		t.Error("the secret's value is in the operator's logs")
	}
}
