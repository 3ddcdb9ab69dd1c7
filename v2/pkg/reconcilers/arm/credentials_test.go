package arm_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	resources "github.com/asogen/asogen/v2/api/resources/v1api20210401"
	storage "github.com/asogen/asogen/v2/api/storage/v1api20230101"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/credentials"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// Each test has subscriptions of its own, so the request log of one is its own.
const (
	subA = "00000000-0000-0000-0000-0000000000a1"
	subB = "00000000-0000-0000-0000-0000000000b1"
)

// TestCredentialNamespaces: two namespaces with their own aso-credential and subscription; each
// resource group is created in its namespace's subscription, every request to a subscription
// carries that subscription's credential's token, a child owned by a resource of the other
// subscription is refused before any request, and ARM refuses one credential's token on the
// other's subscription.
func TestCredentialNamespaces(t *testing.T) {
	addCredential(t, "cred-a", credentials.NamespaceSecretName, subA, "secret-a")
	addCredential(t, "cred-b", credentials.NamespaceSecretName, subB, "secret-b")
	rgA, rgB := credGroup(t, "cred-a", "rg-a", nil), credGroup(t, "cred-b", "rg-b", nil)
	expectGovernedBy(t, rgA, subA, "secret-a")
	expectGovernedBy(t, rgB, subB, "secret-b")

	// A StorageAccount in cred-b owned by rg-a (subscription A) would act with B's credential in A.
	sa := &storage.StorageAccount{ObjectMeta: metav1.ObjectMeta{Name: "sacross", Namespace: "cred-b"}}
	sa.Spec.Owner = &genruntime.KnownResourceReference{ARMID: "/subscriptions/" + subA + "/resourceGroups/rg-a"}
	sa.Spec.Location, sa.Spec.Sku, sa.Spec.Kind = "westus2", storage.Sku{Name: "Standard_LRS"}, "StorageV2"
	create(t, sa)
	c := waitReason(t, sa, conditions.SeverityWarning, "SubscriptionMismatch")
	if !strings.Contains(c.Message, subA) || !strings.Contains(c.Message, subB) {
		t.Fatalf("the condition does not name both subscriptions: %s", c.Message)
	}
	if rs := creds.arm.RequestsFor("/subscriptions/" + subA + "/resourceGroups/rg-a/providers"); len(rs) != 0 {
		t.Fatalf("requests were sent for the refused child: %+v", rs)
	}
	expectCrossUseRefused(t, "cred-b", subA)
}

// expectCrossUseRefused sends a GET to subscription other with the client of namespace ns's
// credential, built by the operator's provider: ARM answers 403 AuthorizationFailed.
func expectCrossUseRefused(t *testing.T, ns, other string) {
	t.Helper()
	provider := credentials.NewProvider(suite.kube, nil, credentials.NewClientFactory(credsClientOptions(), testTokens))
	probe := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Name: "probe", Namespace: ns}}
	c, _, err := provider.ClientFor(context.Background(), probe)
	if err != nil {
		t.Fatal(err)
	}
	err = c.GetByID(context.Background(), "/subscriptions/"+other+"/resourceGroups/rg-a", "2021-04-01", &map[string]any{})
	if genericarmclient.StatusCode(err) != http.StatusForbidden || genericarmclient.ErrorCode(err) != armserver.CodeAuthorizationFailed {
		t.Fatalf("another subscription's credential was not refused with 403 AuthorizationFailed: %v", err)
	}
}

// TestCredentialPerResource: a credential-from annotation overrides the namespace's credential
// for that object only; its sibling keeps the namespace's.
func TestCredentialPerResource(t *testing.T) {
	const subN, subC = "00000000-0000-0000-0000-0000000000f1", "00000000-0000-0000-0000-0000000000c1"
	addCredential(t, "cred-res", credentials.NamespaceSecretName, subN, "secret-n")
	addCredential(t, "cred-res", "rg-own-credential", subC, "secret-c")
	own := credGroup(t, "cred-res", "rg-own", map[string]string{credentials.CredentialFromAnnotation: "rg-own-credential"})
	sibling := credGroup(t, "cred-res", "rg-sibling", nil)
	expectGovernedBy(t, own, subC, "secret-c")
	expectGovernedBy(t, sibling, subN, "secret-n")
}

// expectGovernedBy waits until the resource group is Ready, and checks that it was created in sub
// and that every request to sub carried the token of the credential with clientSecret.
func expectGovernedBy(t *testing.T, rg *resources.ResourceGroup, sub, clientSecret string) {
	t.Helper()
	waitReady(t, rg)
	expectResourceID(t, rg, "/subscriptions/"+sub+"/resourceGroups/"+rg.Name)
	expectTokens(t, sub, tokenOf(clientSecret))
}

// TestCredentialMissingSecret: an object naming a credential Secret that does not exist waits
// (Warning naming it, no request); a malformed Secret is a Warning naming its missing keys; the
// fixed Secret makes the object Ready without any change to it.
func TestCredentialMissingSecret(t *testing.T) {
	const subL = "00000000-0000-0000-0000-0000000000c2"
	rg := credGroup(t, "cred-missing", "rg-missing", map[string]string{credentials.CredentialFromAnnotation: "later"})
	c := waitReason(t, rg, conditions.SeverityWarning, credentials.ReasonCredentialNotFound.Name)
	if !strings.Contains(c.Message, "cred-missing/later") {
		t.Fatalf("the condition does not name the Secret: %s", c.Message)
	}
	secret := credentialSecret("cred-missing", "later", subL, "secret-later")
	delete(secret.Data, credentials.KeyTenantID)
	delete(secret.Data, credentials.KeyClientID)
	create(t, secret)
	c = waitReason(t, rg, conditions.SeverityWarning, credentials.ReasonCredentialInvalid.Name)
	if !strings.Contains(c.Message, "cred-missing/later lacks AZURE_CLIENT_ID, AZURE_TENANT_ID") {
		t.Fatalf("the condition does not name the missing keys: %s", c.Message)
	}
	if anyRequestIn(creds.arm, "rg-missing") {
		t.Fatal("a request was sent without a usable credential")
	}
	creds.arm.SetSubscriptionToken(subL, tokenOf("secret-later"))
	update(t, secret, func() { secret.Data = credentialSecret("", "", subL, "secret-later").Data })
	expectGovernedBy(t, rg, subL, "secret-later")
	expectNoSecretLeak(t, rg, "secret-later")
}

// TestCredentialRotation: a new client secret in the namespace's credential takes effect without
// a restart or a change of the object: the next requests carry the new token.
func TestCredentialRotation(t *testing.T) {
	const sub = "00000000-0000-0000-0000-0000000000d1"
	secret := addCredential(t, "cred-rotate", credentials.NamespaceSecretName, sub, "before")
	rg := credGroup(t, "cred-rotate", "rg-rotate", nil)
	waitReady(t, rg)
	creds.arm.SetSubscriptionToken(sub, tokenOf("after")) // the old secret is revoked
	rotated := time.Now()
	update(t, secret, func() { secret.Data[credentials.KeyClientSecret] = []byte("after") })
	deadline := time.Now().Add(wait)
	for !sentAfter(sub, tokenOf("after"), rotated) {
		if time.Now().After(deadline) {
			t.Fatal("no request with the rotated credential's token")
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, r := range subscriptionRequests(sub) {
		if r.Time.After(rotated) && r.Token != tokenOf("after") {
			t.Fatalf("a request after the rotation carried another token: %s %s %d", r.Method, r.Path, r.Status)
		}
	}
	waitReady(t, rg)
	expectNoSecretLeak(t, rg, "before", "after")
}

// TestCredentialSubscriptionMove: a credential for another subscription cannot move a created
// resource: Warning SubscriptionMismatch, no request, the resource-id annotation unchanged;
// the original credential makes it Ready again.
func TestCredentialSubscriptionMove(t *testing.T) {
	const from, to = "00000000-0000-0000-0000-0000000000e1", "00000000-0000-0000-0000-0000000000e2"
	secret := addCredential(t, "cred-move", credentials.NamespaceSecretName, from, "secret-move")
	rg := credGroup(t, "cred-move", "rg-move", nil)
	waitReady(t, rg)
	id := "/subscriptions/" + from + "/resourceGroups/rg-move"
	expectResourceID(t, rg, id)
	creds.arm.SetSubscriptionToken(to, tokenOf("secret-move"))
	update(t, secret, func() { secret.Data[credentials.KeySubscriptionID] = []byte(to) })
	moved := time.Now()
	c := waitReason(t, rg, conditions.SeverityWarning, "SubscriptionMismatch")
	if !strings.Contains(c.Message, from) || !strings.Contains(c.Message, to) || !strings.Contains(c.Message, "cred-move/aso-credential") {
		t.Fatalf("the condition does not name both subscriptions and the credential: %s", c.Message)
	}
	expectResourceID(t, rg, id)
	if rs := subscriptionRequests(to); len(rs) != 0 {
		t.Fatalf("requests were sent to the other subscription: %+v", rs)
	}
	for _, r := range creds.arm.RequestsFor(id) {
		if r.Time.After(moved) {
			t.Fatalf("a request was sent after the credential changed subscription: %s %s", r.Method, r.Path)
		}
	}
	update(t, secret, func() { secret.Data[credentials.KeySubscriptionID] = []byte(from) })
	waitReady(t, rg)
}

// credentialSecret is a client-secret credential Secret.
func credentialSecret(ns, name, sub, clientSecret string) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns}, Data: map[string][]byte{
		credentials.KeySubscriptionID: []byte(sub), credentials.KeyTenantID: []byte("tenant"),
		credentials.KeyClientID: []byte("client"), credentials.KeyClientSecret: []byte(clientSecret),
	}}
}

// addCredential creates a credential Secret and makes the ARM server accept its token on sub.
func addCredential(t *testing.T, ns, name, sub, clientSecret string) *corev1.Secret {
	t.Helper()
	creds.arm.SetSubscriptionToken(sub, tokenOf(clientSecret))
	s := credentialSecret(ns, name, sub, clientSecret)
	create(t, s)
	return s
}

func credGroup(t *testing.T, ns, name string, annotations map[string]string) *resources.ResourceGroup {
	t.Helper()
	rg := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, Annotations: annotations}}
	rg.Spec.Location = "westus2"
	create(t, rg)
	return rg
}

// update reads obj, applies change and writes it.
func update(t *testing.T, obj client.Object, change func()) {
	t.Helper()
	if err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(obj), obj); err != nil {
		t.Fatal(err)
	}
	change()
	if err := suite.kube.Update(context.Background(), obj); err != nil {
		t.Fatal(err)
	}
}

func expectResourceID(t *testing.T, obj genruntime.KubernetesResource, want string) {
	t.Helper()
	_, _ = readyOf(t, obj)
	if got, _ := genruntime.GetResourceID(obj); got != want {
		t.Fatalf("resource ID %q, want %q", got, want)
	}
}

// subscriptionRequests are the requests to sub's paths (polls included).
func subscriptionRequests(sub string) []armserver.Request {
	var out []armserver.Request
	for _, r := range creds.arm.Requests() {
		if strings.HasPrefix(strings.ToLower(r.Path), "/subscriptions/"+sub+"/") {
			out = append(out, r)
		}
	}
	return out
}

// expectTokens checks that sub got requests and that every one carried token and was accepted.
func expectTokens(t *testing.T, sub, token string) {
	t.Helper()
	rs := subscriptionRequests(sub)
	if len(rs) == 0 {
		t.Fatalf("no request to subscription %s", sub)
	}
	for _, r := range rs {
		if r.Token != token || r.Status == http.StatusUnauthorized || r.Status == http.StatusForbidden {
			t.Fatalf("%s %s carried another token or was refused (%d)", r.Method, r.Path, r.Status)
		}
	}
}

func sentAfter(sub, token string, after time.Time) bool {
	for _, r := range subscriptionRequests(sub) {
		if r.Time.After(after) && r.Token == token && r.Status < 400 {
			return true
		}
	}
	return false
}

// anyRequestIn reports whether srv got a request whose path names name.
func anyRequestIn(srv *armserver.Server, name string) bool {
	for _, r := range srv.Requests() {
		if strings.Contains(r.Path, "/"+name) {
			return true
		}
	}
	return false
}

// expectNoSecretLeak checks that neither the client secrets nor their tokens appear in the
// object (status included), its Events or the operator's logs.
func expectNoSecretLeak(t *testing.T, obj client.Object, secrets ...string) {
	t.Helper()
	if err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(obj), obj); err != nil {
		t.Fatal(err)
	}
	events := &corev1.EventList{}
	if err := suite.kube.List(context.Background(), events, client.InNamespace(obj.GetNamespace())); err != nil {
		t.Fatal(err)
	}
	objJSON, _ := json.Marshal(obj)
	eventsJSON, _ := json.Marshal(events)
	for _, s := range secrets {
		for _, v := range []string{s, tokenOf(s)} {
			if creds.logs.contains(v) || strings.Contains(string(objJSON), v) || strings.Contains(string(eventsJSON), v) {
				t.Fatalf("%q was logged, evented or written to the object", v)
			}
		}
	}
}
