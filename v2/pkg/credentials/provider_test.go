package credentials

import (
	"context"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// countingFactory builds plain clients and counts how many.
type countingFactory struct{ built int }

func (f *countingFactory) build(c Credential) (*genericarmclient.GenericClient, error) {
	f.built++
	return genericarmclient.NewGenericClient(c.SubscriptionID, genericarmclient.Options{})
}

func object(annotations map[string]string) client.Object {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "obj", Annotations: annotations}}
}

func newTestProvider(t *testing.T, objs ...client.Object) (*Provider, *countingFactory, client.Client, *genericarmclient.GenericClient) {
	t.Helper()
	kube := fake.NewClientBuilder().WithObjects(objs...).Build()
	global, _ := genericarmclient.NewGenericClient("global-sub", genericarmclient.Options{})
	f := &countingFactory{}
	return NewProvider(kube, global, f.build), f, kube, global
}

func TestProviderScopes(t *testing.T) {
	ns := secretWith(with(map[string]string{KeyClientSecret: "a"}))
	own := secretWith(with(map[string]string{KeyClientSecret: "b", KeySubscriptionID: "own-sub"}))
	own.Name = "own"
	p, _, _, global := newTestProvider(t)
	if c, source, err := p.ClientFor(context.Background(), object(nil)); err != nil || c != global || source != Global {
		t.Fatalf("without Secrets: %v %s %v", c, source, err)
	}
	p, _, _, _ = newTestProvider(t, ns, own)
	if c, source, _ := p.ClientFor(context.Background(), object(nil)); c.SubscriptionID() != "sub" || source != "Secret ns/aso-credential" {
		t.Fatalf("namespace scope: %s from %s", c.SubscriptionID(), source)
	}
	if c, _, _ := p.ClientFor(context.Background(), object(map[string]string{CredentialFromAnnotation: "own"})); c.SubscriptionID() != "own-sub" {
		t.Fatalf("resource scope: %s", c.SubscriptionID())
	}
}

func TestProviderMissingAndMalformed(t *testing.T) {
	bad := secretWith(map[string]string{KeyClientID: "client"})
	bad.Name = "bad"
	p, _, _, _ := newTestProvider(t, bad)
	_, _, err := p.ClientFor(context.Background(), object(map[string]string{CredentialFromAnnotation: "gone"}))
	expectReason(t, err, ReasonCredentialNotFound, "ns/gone")
	_, _, err = p.ClientFor(context.Background(), object(map[string]string{CredentialFromAnnotation: "bad"}))
	expectReason(t, err, ReasonCredentialInvalid, "AZURE_SUBSCRIPTION_ID, AZURE_TENANT_ID")
}

func expectReason(t *testing.T, err error, reason conditions.Reason, text string) {
	t.Helper()
	severity, got := conditions.ClassifyError(err)
	if err == nil || got != reason || severity != conditions.SeverityWarning || !strings.Contains(err.Error(), text) {
		t.Fatalf("got %v (%s %s), want Warning %s naming %q", err, severity, got.Name, reason.Name, text)
	}
}

func TestProviderCachesPerSecretVersion(t *testing.T) {
	p, f, kube, _ := newTestProvider(t, secretWith(with(map[string]string{KeyClientSecret: "a"})))
	first, _, _ := p.ClientFor(context.Background(), object(nil))
	again, _, _ := p.ClientFor(context.Background(), object(nil))
	if first != again || f.built != 1 {
		t.Fatalf("the client was rebuilt for the same Secret (%d builds)", f.built)
	}
	s := &corev1.Secret{}
	_ = kube.Get(context.Background(), client.ObjectKey{Namespace: "ns", Name: NamespaceSecretName}, s)
	s.Data[KeySubscriptionID] = []byte("rotated")
	if err := kube.Update(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	rotated, _, _ := p.ClientFor(context.Background(), object(nil))
	if rotated == first || rotated.SubscriptionID() != "rotated" || f.built != 2 {
		t.Fatalf("the changed Secret did not rebuild the client (%d builds)", f.built)
	}
}
