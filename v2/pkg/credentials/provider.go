package credentials

import (
	"context"
	"sync"

	"github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// Reasons of the Ready condition when an object's credential cannot be used; nothing is sent to
// Azure and the object is reconciled again when the Secret changes.
var (
	ReasonCredentialNotFound = conditions.Reason{Name: "CredentialNotFound", RetryClassification: conditions.RetrySlow}
	ReasonCredentialInvalid  = conditions.Reason{Name: "CredentialInvalid", RetryClassification: conditions.RetrySlow}
)

// Provider returns the ARM client of the credential that governs an object: the Secret its
// credential-from annotation names, else its namespace's aso-credential Secret, else the global
// client. Clients are cached per Secret and rebuilt when the Secret's resourceVersion changes.
type Provider struct {
	kube    client.Reader
	global  *genericarmclient.GenericClient
	factory ClientFactory

	mu      sync.Mutex
	clients map[types.NamespacedName]cachedClient
}

type cachedClient struct {
	version string // the Secret's resourceVersion it was built from
	client  *genericarmclient.GenericClient
}

// NewProvider reads credential Secrets through kube; global (nil for none) is the client of
// objects with neither a resource nor a namespace credential; factory builds the others.
func NewProvider(kube client.Reader, global *genericarmclient.GenericClient, factory ClientFactory) *Provider {
	return &Provider{kube: kube, global: global, factory: factory, clients: map[types.NamespacedName]cachedClient{}}
}

// Global names the global credential in ClientFor's answers.
const Global = "the global credential"

// ClientFor returns the client of obj's credential and names it (Secret namespace/name, or
// Global). A Secret that is missing (for the resource scope) or malformed is a Warning naming it
// (and its missing keys), never a value.
func (p *Provider) ClientFor(ctx context.Context, obj client.Object) (*genericarmclient.GenericClient, string, error) {
	name, perResource := SecretNameFor(obj.GetAnnotations())
	key := types.NamespacedName{Namespace: obj.GetNamespace(), Name: name}
	secret := &corev1.Secret{}
	err := p.kube.Get(ctx, key, secret)
	if apierrors.IsNotFound(err) {
		p.forget(key)
		if perResource {
			return nil, "", warning(errors.Errorf("credential Secret %s (annotation %s) does not exist", key, CredentialFromAnnotation), ReasonCredentialNotFound)
		}
		c, err := p.globalClient(key)
		return c, Global, err
	}
	if err != nil {
		return nil, "", errors.Wrapf(err, "reading the credential Secret %s", key)
	}
	c, err := p.clientOf(key, secret)
	return c, "Secret " + key.String(), err
}

func (p *Provider) globalClient(key types.NamespacedName) (*genericarmclient.GenericClient, error) {
	if p.global == nil {
		return nil, warning(errors.Errorf("no credential: no Secret %s and no global credential", key), ReasonCredentialNotFound)
	}
	return p.global, nil
}

// clientOf returns the cached client of secret, building it when the Secret is new or changed.
func (p *Provider) clientOf(key types.NamespacedName, secret *corev1.Secret) (*genericarmclient.GenericClient, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c, ok := p.clients[key]; ok && c.version == secret.ResourceVersion {
		return c.client, nil
	}
	cred, err := FromSecret(secret)
	if err != nil {
		delete(p.clients, key)
		return nil, warning(err, ReasonCredentialInvalid)
	}
	armClient, err := p.factory(cred)
	if err != nil {
		delete(p.clients, key)
		return nil, warning(err, ReasonCredentialInvalid)
	}
	p.clients[key] = cachedClient{version: secret.ResourceVersion, client: armClient}
	return armClient, nil
}

func (p *Provider) forget(key types.NamespacedName) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.clients, key)
}

func warning(err error, reason conditions.Reason) error {
	return conditions.NewReadyConditionImpactingError(err, conditions.SeverityWarning, reason)
}
