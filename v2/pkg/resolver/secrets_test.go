package resolver

import (
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

func secret(name string, data map[string]string) *corev1.Secret {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"}, Data: map[string][]byte{}}
	for k, v := range data {
		s.Data[k] = []byte(v)
	}
	return s
}

func childWithSecrets(password, token *genruntime.SecretReference) *TestChild {
	c := &TestChild{ObjectMeta: metav1.ObjectMeta{Name: "c", Namespace: "ns"}}
	c.Spec.Password, c.Spec.Token = password, token
	return c
}

// TestSecretsResolve reads every secret reference of a spec from the object's namespace.
func TestSecretsResolve(t *testing.T) {
	pw := &genruntime.SecretReference{Name: "creds", Key: "password"}
	tok := &genruntime.SecretReference{Name: "creds", Key: "token"}
	r := newTestResolver(testKinds(), sub, secret("creds", map[string]string{"password": "p4ss", "token": "t0k"}))
	values, err := r.ResolveSecrets(ctx, childWithSecrets(pw, tok))
	if err != nil || values[*pw] != "p4ss" || values[*tok] != "t0k" || len(values) != 2 {
		t.Fatalf("ResolveSecrets = %d values, %v", len(values), err)
	}
}

// TestSecretsResolveMissing: a missing Secret or key is a Warning naming both, never a value.
func TestSecretsResolveMissing(t *testing.T) {
	pw := &genruntime.SecretReference{Name: "creds", Key: "password"}
	cases := []struct {
		name string
		objs []client.Object
		want string
	}{
		{"no secret", nil, `secret "creds" (key "password") does not exist in namespace "ns"`},
		{"no key", []client.Object{secret("creds", map[string]string{"other": "v4lue"})}, `secret "creds" in namespace "ns" has no key "password"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := newTestResolver(testKinds(), sub, c.objs...).ResolveSecrets(ctx, childWithSecrets(pw, nil))
			wantImpacting(t, err, conditions.SeverityWarning, conditions.ReasonSecretNotFound, c.want)
			if err != nil && strings.Contains(err.Error(), "v4lue") {
				t.Error("the error holds a secret value")
			}
		})
	}
}

// TestSecretsResolveInvalid: a reference without a key is the user's to fix (Error).
func TestSecretsResolveInvalid(t *testing.T) {
	_, err := newTestResolver(testKinds(), sub).ResolveSecrets(ctx, childWithSecrets(&genruntime.SecretReference{Name: "creds"}, nil))
	wantImpacting(t, err, conditions.SeverityError, conditions.ReasonFailed, "name and key are both required")
}
