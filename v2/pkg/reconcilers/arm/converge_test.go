package arm_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cache "github.com/asogen/asogen/v2/api/cache/v1api20230801"
	resources "github.com/asogen/asogen/v2/api/resources/v1api20210401"
	storage "github.com/asogen/asogen/v2/api/storage/v1api20230101"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/reconcilers/arm"
)

// The convergence tests run against conv, the operator of convergeNamespace (converge_suite_test.go).

func cmeta(name string) metav1.ObjectMeta {
	return metav1.ObjectMeta{Name: name, Namespace: convergeNamespace}
}

// convResourceGroup creates a resource group in convergeNamespace and waits until it is Ready.
func convResourceGroup(t *testing.T, name string) *resources.ResourceGroup {
	t.Helper()
	rg := &resources.ResourceGroup{ObjectMeta: cmeta(name)}
	rg.Spec.Location = "westus2"
	create(t, rg)
	waitReady(t, rg)
	return rg
}

func convStorageAccount(name, rg string) *storage.StorageAccount {
	sa := newStorageAccount(name, rg)
	sa.ObjectMeta = cmeta(name)
	return sa
}

func saID(rg, name string) string {
	return rgID(rg) + "/providers/Microsoft.Storage/storageAccounts/" + name
}

func convPUTs(id string) []armserver.Request {
	return requestsIn(conv.arm, id, http.MethodPut)
}

// waitReadyAt waits for Ready True at the object's current generation.
func waitReadyAt(t *testing.T, obj genruntime.KubernetesResource) conditions.Condition {
	t.Helper()
	return waitFor(t, obj, "Ready at its generation", func(c conditions.Condition) bool {
		return c.IsTrue() && c.ObservedGeneration == obj.GetGeneration()
	})
}

// eventsOf lists the Events of the named object in convergeNamespace.
func eventsOf(t *testing.T, name string) []corev1.Event {
	t.Helper()
	var list corev1.EventList
	if err := suite.kube.List(context.Background(), &list, client.InNamespace(convergeNamespace)); err != nil {
		t.Fatal(err)
	}
	var out []corev1.Event
	for _, e := range list.Items {
		if e.InvolvedObject.Name == name {
			out = append(out, e)
		}
	}
	return out
}

// hasEvent reports whether the object has an Event of the given type and reason.
func hasEvent(t *testing.T, name, eventType, reason string) bool {
	for _, e := range eventsOf(t, name) {
		if e.Type == eventType && e.Reason == reason {
			return true
		}
	}
	return false
}

// TestConvergeSpecChangeWhileOperationInFlight: a spec change made while the PUT's operation
// runs (its resume token stored) is sent in a second PUT once the operation ends; Ready is
// True only then, at the new generation.
func TestConvergeSpecChangeWhileOperationInFlight(t *testing.T) {
	convResourceGroup(t, "cv-inflight")
	id := saID("cv-inflight", "cvinflight")
	conv.arm.Hold(id)
	sa := convStorageAccount("cvinflight", "cv-inflight")
	create(t, sa)
	waitUntil(t, "the first PUT and its stored token", func() bool {
		_ = suite.kube.Get(context.Background(), client.ObjectKeyFromObject(sa), sa)
		return len(convPUTs(id)) == 1 && sa.GetAnnotations()[arm.PollerAnnotation] != ""
	})
	modify(t, sa, func() { sa.Spec.Tags = map[string]string{"stage": "second"} })
	conv.arm.Release(id)
	c := waitReadyAt(t, sa)
	puts := convPUTs(id)
	if len(puts) != 2 || !bytes.Contains(puts[1].Body, []byte(`"stage":"second"`)) {
		t.Fatalf("want a second PUT carrying the change, got %d PUTs; last body %s", len(puts), puts[len(puts)-1].Body)
	}
	if c.ObservedGeneration != 2 {
		t.Errorf("Ready's observedGeneration = %d, want 2", c.ObservedGeneration)
	}
}

// TestConvergeSecretRotatedTwiceDuringOperation: two rotations of a Secret an object reads,
// while its operation runs, end with Azure holding the last value.
func TestConvergeSecretRotatedTwiceDuringOperation(t *testing.T) {
	convResourceGroup(t, "cv-rotate")
	secret := &corev1.Secret{ObjectMeta: cmeta("cv-sp"), Data: map[string][]byte{"client-secret": []byte("value-one-1a")}}
	create(t, secret)
	id := rgID("cv-rotate") + "/providers/Microsoft.ContainerService/managedClusters/cv-mc"
	conv.arm.Hold(id)
	mc := newManagedClusterReading(cmeta("cv-mc"), "cv-rotate", "cv-sp")
	create(t, mc)
	waitUntil(t, "the first PUT", func() bool { return len(convPUTs(id)) == 1 })
	modify(t, secret, func() { secret.Data["client-secret"] = []byte("value-two-2b") })
	modify(t, secret, func() { secret.Data["client-secret"] = []byte("value-three-3c") })
	conv.arm.Release(id)
	waitUntil(t, "Azure holding the last value", func() bool {
		puts := convPUTs(id)
		return bytes.Contains(puts[len(puts)-1].Body, []byte(`"secret":"value-three-3c"`))
	})
	waitReady(t, mc)
	if puts := convPUTs(id); !bytes.Contains(puts[len(puts)-1].Body, []byte("value-three-3c")) {
		t.Errorf("Ready while the last PUT lacks the rotated value")
	}
}

// TestConvergeUserWriteRacingTokenSave: a user's write landing just before the operator saves
// the resume token loses neither: both are on the object, and the object becomes Ready.
func TestConvergeUserWriteRacingTokenSave(t *testing.T) {
	convResourceGroup(t, "cv-race")
	id := saID("cv-race", "cvrace")
	conv.arm.Hold(id)
	defer conv.arm.Release(id)
	sa := convStorageAccount("cvrace", "cv-race")
	raced := false
	conv.writes.setBeforeWrite(func(o client.Object) {
		if o.GetName() != "cvrace" || raced || len(convPUTs(id)) == 0 {
			return
		}
		raced = true
		user := &storage.StorageAccount{}
		modify(t, user, func() { user.Labels = map[string]string{"team": "data"} }, client.ObjectKeyFromObject(sa))
	})
	defer conv.writes.setBeforeWrite(nil)
	create(t, sa)
	waitUntil(t, "the token saved after the user's write", func() bool {
		_ = suite.kube.Get(context.Background(), client.ObjectKeyFromObject(sa), sa)
		return raced && sa.GetAnnotations()[arm.PollerAnnotation] != ""
	})
	if sa.Labels["team"] != "data" {
		t.Errorf("the user's label was lost: %v", sa.Labels)
	}
	conv.arm.Release(id)
	waitReadyAt(t, sa)
	if n := len(convPUTs(id)); n != 1 {
		t.Errorf("%d PUTs, want 1", n)
	}
	if len(conv.writes.updates) != 0 {
		t.Errorf("full Updates %v; the operator should only patch", conv.writes.updates)
	}
}

// TestConvergeARMIDOwnerAppearsLater: an object whose owner, given by ARM ID, does not exist yet
// in Azure waits (Warning ResourceGroupNotFound, retried) and becomes Ready once it appears.
func TestConvergeARMIDOwnerAppearsLater(t *testing.T) {
	group := rgID("cv-late")
	sa := convStorageAccount("cvlate", "")
	sa.Spec.Owner = &genruntime.KnownResourceReference{ARMID: group}
	create(t, sa)
	c := waitReason(t, sa, conditions.SeverityWarning, "ResourceGroupNotFound")
	if !strings.Contains(c.Message, "cv-late") {
		t.Errorf("the Warning should name the group: %q", c.Message)
	}
	if err := conv.arm.Seed(group, map[string]any{"location": "westus2"}); err != nil {
		t.Fatal(err)
	}
	waitReady(t, sa)
}

// TestConvergeTwoObjectsForOneResource: a second object naming the same Azure resource is
// refused (Warning naming the first, an Event, no PUT) and deleting it sends no DELETE.
func TestConvergeTwoObjectsForOneResource(t *testing.T) {
	convResourceGroup(t, "cv-twice")
	id := saID("cv-twice", "cvshared")
	first := convStorageAccount("cv-first", "cv-twice")
	first.Spec.AzureName = "cvshared"
	create(t, first)
	waitReady(t, first)
	second := convStorageAccount("cv-second", "cv-twice")
	second.Spec.AzureName = "cvshared"
	create(t, second)
	c := waitReason(t, second, conditions.SeverityWarning, arm.ReasonResourceAlreadyManaged.Name)
	if !strings.Contains(c.Message, "cv-first") {
		t.Errorf("the Warning should name the object that manages the resource: %q", c.Message)
	}
	if n := len(convPUTs(id)); n != 1 {
		t.Errorf("%d PUTs, want only the first object's", n)
	}
	if !hasEvent(t, "cv-second", corev1.EventTypeWarning, "Refused") {
		t.Errorf("no Warning Event for the refusal: %+v", eventsOf(t, "cv-second"))
	}
	if err := suite.kube.Delete(context.Background(), second); err != nil {
		t.Fatal(err)
	}
	waitGone(t, second)
	if n := len(requestsIn(conv.arm, id, http.MethodDelete)); n != 0 {
		t.Errorf("deleting the refused object sent %d DELETEs", n)
	}
	waitReady(t, first)
}

// TestConvergeEventsOfCreateWithTransientFault: a create whose first PUT fails with a 500 shows a
// Warning Event for the error and a Normal one when Ready; the PUT is retried.
func TestConvergeEventsOfCreateWithTransientFault(t *testing.T) {
	convResourceGroup(t, "cv-events")
	id := saID("cv-events", "cvevents")
	conv.arm.AddFault(armserver.Fault{Method: http.MethodPut, ID: id, Status: http.StatusInternalServerError})
	sa := convStorageAccount("cvevents", "cv-events")
	create(t, sa)
	waitReady(t, sa)
	waitUntil(t, "the Events", func() bool {
		return hasEvent(t, "cvevents", corev1.EventTypeWarning, "InternalServerError") &&
			hasEvent(t, "cvevents", corev1.EventTypeNormal, conditions.ReasonSucceeded.Name)
	})
	if n := len(convPUTs(id)); n != 2 {
		t.Errorf("%d PUTs, want the failed one and its retry", n)
	}
}

// TestConvergeWaitingIsLoggedAsInfo: waiting for an owner is information, not an error.
func TestConvergeWaitingIsLoggedAsInfo(t *testing.T) {
	sa := convStorageAccount("cvwaiting", "cv-not-there")
	create(t, sa)
	waitReason(t, sa, conditions.SeverityWarning, conditions.ReasonWaitingForOwner.Name)
	if conv.logs.contains("Reconcile failed", "cvwaiting") {
		t.Errorf("waiting for an owner was logged as an error")
	}
	if !conv.logs.contains("Waiting", "cvwaiting", conditions.ReasonWaitingForOwner.Name) {
		t.Errorf("waiting for an owner was not logged")
	}
}

// TestConvergeExportedSecretRestored: an exported Secret deleted, then edited, by hand is written
// again within seconds (the resync period here is an hour).
func TestConvergeExportedSecretRestored(t *testing.T) {
	convResourceGroup(t, "cv-export")
	redis := newRedis("cv-redis", "cv-export")
	redis.ObjectMeta = cmeta("cv-redis")
	redis.Spec.OperatorSpec = &cache.RedisOperatorSpec{Secrets: &cache.RedisOperatorSecrets{
		PrimaryKey: &genruntime.SecretDestination{Name: "cv-redis-keys", Key: "primary"},
	}}
	create(t, redis)
	waitReady(t, redis)
	primary, _ := armserver.Keys(rgID("cv-export") + "/providers/Microsoft.Cache/redis/cv-redis")
	key := client.ObjectKey{Namespace: convergeNamespace, Name: "cv-redis-keys"}
	holdsKey := func() bool {
		secret := &corev1.Secret{}
		return suite.kube.Get(context.Background(), key, secret) == nil && string(secret.Data["primary"]) == primary
	}
	waitWithin(t, 5*time.Second, "the exported Secret", holdsKey)

	if err := suite.kube.Delete(context.Background(), &corev1.Secret{ObjectMeta: cmeta("cv-redis-keys")}); err != nil {
		t.Fatal(err)
	}
	waitWithin(t, 5*time.Second, "the deleted Secret restored", holdsKey)

	secret := &corev1.Secret{}
	modify(t, secret, func() { secret.Data["primary"] = []byte("edited-by-hand") }, key)
	waitWithin(t, 5*time.Second, "the edited Secret restored", holdsKey)
}

// waitWithin polls done for at most d.
func waitWithin(t *testing.T, d time.Duration, what string, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, d)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestConvergeDeletedInAzureRecreatedAtResync: a resource deleted in Azure outside the operator
// is noticed at the next resync (GET 404), created again, and a Warning Event says so.
func TestConvergeDeletedInAzureRecreatedAtResync(t *testing.T) {
	restartConv(t, convOptions{resync: time.Second})
	convResourceGroup(t, "cv-oob")
	id := saID("cv-oob", "cvoob")
	sa := convStorageAccount("cvoob", "cv-oob")
	create(t, sa)
	waitReady(t, sa)
	if !conv.arm.Remove(id) {
		t.Fatal("the resource was not in the ARM test server")
	}
	waitUntil(t, "the resource created again", func() bool {
		_, ok := conv.arm.Get(id)
		return ok
	})
	if n := len(convPUTs(id)); n != 2 {
		t.Errorf("%d PUTs, want the create and the re-create", n)
	}
	waitUntil(t, "the Recreating Event", func() bool { return hasEvent(t, "cvoob", corev1.EventTypeWarning, "Recreating") })
	waitReady(t, sa)
}

// restartConv restarts the convergence operator with o, and with the defaults when the test ends.
func restartConv(t *testing.T, o convOptions) {
	t.Helper()
	stopConv()
	if err := startConv(o); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stopConv()
		if err := startConv(defaultConvOptions); err != nil {
			t.Fatal(err)
		}
	})
}

// TestConvergeOwnerDeletedCollectsChildren: a child carries an ownerReference to its Kubernetes
// owner, so Kubernetes' garbage collector deletes it with the owner; its own deletion sends no
// DELETE, since the owner's DELETE removed it from Azure.
func TestConvergeOwnerDeletedCollectsChildren(t *testing.T) {
	suite.env.StartGarbageCollector(t)
	rg := convResourceGroup(t, "cv-gc")
	id := saID("cv-gc", "cvgcchild")
	child := convStorageAccount("cvgcchild", "cv-gc")
	create(t, child)
	waitReady(t, child)
	if refs := child.GetOwnerReferences(); len(refs) != 1 || refs[0].UID != rg.GetUID() {
		t.Fatalf("the child's owner references %+v do not name its owner %s", refs, rg.GetUID())
	}
	if err := suite.kube.Delete(context.Background(), rg); err != nil {
		t.Fatal(err)
	}
	waitGone(t, rg)
	waitGone(t, child)
	if n := len(requestsIn(conv.arm, rgID("cv-gc"), http.MethodDelete)); n != 1 {
		t.Errorf("%d DELETEs of the owner, want 1", n)
	}
	if n := len(requestsIn(conv.arm, id, http.MethodDelete)); n != 0 {
		t.Errorf("%d DELETEs of the child, which its owner's deletion removed", n)
	}
	if _, ok := conv.arm.Get(id); ok {
		t.Errorf("the child is still in Azure")
	}
	waitUntil(t, "the DeletedWithOwner Event", func() bool { return hasEvent(t, "cvgcchild", corev1.EventTypeNormal, "DeletedWithOwner") })
}
