package resolver

import (
	"context"

	"github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// ResolveSecrets reads the value of every SecretReference in obj (genruntime.FindSecretReferences)
// from the Secrets of obj's namespace. A missing Secret or key gives a ReadyConditionImpactingError
// (Warning, SecretNotFound) naming the Secret and the key; no message ever holds a value.
func (r *Resolver) ResolveSecrets(ctx context.Context, obj genruntime.KubernetesResource) (map[genruntime.SecretReference]string, error) {
	refs := genruntime.FindSecretReferences(obj)
	values := make(map[genruntime.SecretReference]string, len(refs))
	secrets := map[string]*corev1.Secret{}
	for _, ref := range refs {
		value, err := r.secretValue(ctx, obj.GetNamespace(), ref, secrets)
		if err != nil {
			return nil, err
		}
		values[ref] = value
	}
	return values, nil
}

// secretValue reads one key, reading each Secret once per call of ResolveSecrets.
func (r *Resolver) secretValue(ctx context.Context, namespace string, ref genruntime.SecretReference,
	secrets map[string]*corev1.Secret) (string, error) {
	if err := ref.Validate(); err != nil {
		return "", conditions.WrapWithReason(err, "invalid secret reference", conditions.SeverityError, conditions.ReasonFailed)
	}
	secret, ok := secrets[ref.Name]
	if !ok {
		secret = &corev1.Secret{}
		err := r.client.Get(ctx, types.NamespacedName{Namespace: namespace, Name: ref.Name}, secret)
		if err != nil {
			return "", secretMissing(err, namespace, ref)
		}
		secrets[ref.Name] = secret
	}
	value, ok := secret.Data[ref.Key]
	if !ok {
		return "", conditions.NewReadyConditionImpactingError(
			errors.Errorf("secret %q in namespace %q has no key %q", ref.Name, namespace, ref.Key),
			conditions.SeverityWarning, conditions.ReasonSecretNotFound)
	}
	return string(value), nil
}

// secretMissing describes a failed read of a Secret: a Warning when it does not exist.
func secretMissing(err error, namespace string, ref genruntime.SecretReference) error {
	if !apierrors.IsNotFound(err) {
		return errors.Wrapf(err, "reading secret %q in namespace %q", ref.Name, namespace)
	}
	return conditions.NewReadyConditionImpactingError(
		errors.Errorf("secret %q (key %q) does not exist in namespace %q", ref.Name, ref.Key, namespace),
		conditions.SeverityWarning, conditions.ReasonSecretNotFound)
}
