// Package credentials reads the Azure credentials of the namespace and resource scopes from
// Kubernetes Secrets and keeps one ARM client per credential, rebuilt when its Secret changes.
package credentials

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
)

// The names ASO uses: users' Secrets and annotations carry over.
const (
	// NamespaceSecretName is the Secret that holds the credential of every object in its namespace.
	NamespaceSecretName = "aso-credential"
	// CredentialFromAnnotation names, on one object, the Secret (in the object's namespace) that
	// holds its credential; it overrides the namespace's.
	CredentialFromAnnotation = "serviceoperator.azure.com/credential-from"
)

// The keys of a credential Secret.
const (
	KeySubscriptionID      = "AZURE_SUBSCRIPTION_ID"
	KeyTenantID            = "AZURE_TENANT_ID"
	KeyClientID            = "AZURE_CLIENT_ID"
	KeyClientSecret        = "AZURE_CLIENT_SECRET"
	KeyClientCertificate   = "AZURE_CLIENT_CERTIFICATE"
	KeyCertificatePassword = "AZURE_CLIENT_CERTIFICATE_PASSWORD"
)

// Kind is how a credential authenticates.
type Kind string

const (
	KindClientSecret      Kind = "client-secret"
	KindClientCertificate Kind = "client-certificate"
	KindWorkloadIdentity  Kind = "workload-identity" // the operator's federated token file
)

// Credential is an identity read from a Secret, with the subscription it manages. Its secret
// values are unexported: String and GoString show only its source, kind and subscription.
type Credential struct {
	Source         string // namespace/name of the Secret
	SubscriptionID string
	TenantID       string
	ClientID       string
	Kind           Kind

	clientSecret        string
	certificate         []byte
	certificatePassword string
}

// ClientSecret is the service principal's secret (KindClientSecret).
func (c Credential) ClientSecret() string { return c.clientSecret }

// Certificate is the PEM or PKCS#12 certificate and its password (KindClientCertificate).
func (c Credential) Certificate() ([]byte, string) { return c.certificate, c.certificatePassword }

func (c Credential) String() string {
	return fmt.Sprintf("credential %s (%s, subscription %s)", c.Source, c.Kind, c.SubscriptionID)
}

// GoString keeps %#v from printing the secret values.
func (c Credential) GoString() string { return c.String() }

// FromSecret reads a credential Secret. A Secret lacking a required key (or holding it empty)
// is refused naming the Secret and every missing key, never a value.
func FromSecret(s *corev1.Secret) (Credential, error) {
	source := s.Namespace + "/" + s.Name
	get := func(k string) string { return strings.TrimSpace(string(s.Data[k])) }
	var missing []string
	for _, k := range []string{KeySubscriptionID, KeyTenantID, KeyClientID} {
		if get(k) == "" {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return Credential{}, errors.Errorf("credential Secret %s lacks %s", source, strings.Join(missing, ", "))
	}
	c := Credential{Source: source, SubscriptionID: get(KeySubscriptionID), TenantID: get(KeyTenantID), ClientID: get(KeyClientID)}
	return c, c.setKind(s.Data)
}

// setKind decides the kind from the keys present: a secret, a certificate or neither (workload
// identity); both is ambiguous and refused.
func (c *Credential) setKind(data map[string][]byte) error {
	secret, cert := data[KeyClientSecret], data[KeyClientCertificate]
	switch {
	case len(secret) > 0 && len(cert) > 0:
		return errors.Errorf("credential Secret %s has both %s and %s: keep one", c.Source, KeyClientSecret, KeyClientCertificate)
	case len(secret) > 0:
		c.Kind, c.clientSecret = KindClientSecret, string(secret)
	case len(cert) > 0:
		c.Kind, c.certificate, c.certificatePassword = KindClientCertificate, cert, string(data[KeyCertificatePassword])
	default:
		c.Kind = KindWorkloadIdentity
	}
	return nil
}

// SecretNameFor is the name of the Secret that would hold obj's credential: the one its
// credential-from annotation names, else the namespace's aso-credential (when that Secret does
// not exist, the global credential governs).
func SecretNameFor(annotations map[string]string) (name string, perResource bool) {
	if n := strings.TrimSpace(annotations[CredentialFromAnnotation]); n != "" {
		return n, true
	}
	return NamespaceSecretName, false
}
