package credentials

import (
	"fmt"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func secretWith(data map[string]string) *corev1.Secret {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: NamespaceSecretName}, Data: map[string][]byte{}}
	for k, v := range data {
		s.Data[k] = []byte(v)
	}
	return s
}

var identity = map[string]string{KeySubscriptionID: "sub", KeyTenantID: "tenant", KeyClientID: "client"}

func with(extra map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range identity {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

func TestFromSecretKinds(t *testing.T) {
	cases := map[Kind]map[string]string{
		KindClientSecret:      with(map[string]string{KeyClientSecret: "s3cret"}),
		KindClientCertificate: with(map[string]string{KeyClientCertificate: "PEM", KeyCertificatePassword: "pw"}),
		KindWorkloadIdentity:  identity,
	}
	for kind, data := range cases {
		c, err := FromSecret(secretWith(data))
		if err != nil || c.Kind != kind || c.SubscriptionID != "sub" || c.Source != "ns/aso-credential" {
			t.Fatalf("%s: got %+v, %v", kind, c, err)
		}
	}
}

func TestFromSecretNamesMissingKeys(t *testing.T) {
	_, err := FromSecret(secretWith(map[string]string{KeyClientID: "client", KeyTenantID: " "}))
	if err == nil || !strings.Contains(err.Error(), "ns/aso-credential lacks AZURE_SUBSCRIPTION_ID, AZURE_TENANT_ID") {
		t.Fatalf("got %v", err)
	}
}

func TestFromSecretRefusesSecretAndCertificate(t *testing.T) {
	_, err := FromSecret(secretWith(with(map[string]string{KeyClientSecret: "s3cret", KeyClientCertificate: "PEM"})))
	if err == nil || strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("got %v", err)
	}
}

func TestCredentialPrintsNoSecret(t *testing.T) {
	c, _ := FromSecret(secretWith(with(map[string]string{KeyClientSecret: "s3cret"})))
	for _, f := range []string{"%v", "%+v", "%#v", "%s"} {
		if s := fmt.Sprintf(f, c); strings.Contains(s, "s3cret") {
			t.Fatalf("%s prints the secret: %s", f, s)
		}
	}
}

func TestSecretNameFor(t *testing.T) {
	if n, own := SecretNameFor(nil); n != NamespaceSecretName || own {
		t.Fatalf("got %s %v", n, own)
	}
	if n, own := SecretNameFor(map[string]string{CredentialFromAnnotation: "mine"}); n != "mine" || !own {
		t.Fatalf("got %s %v", n, own)
	}
}
