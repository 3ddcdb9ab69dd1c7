package resolver

import (
	"context"

	corev1 "k8s.io/api/core/v1"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// ResolveSecrets reads the value of every SecretReference in obj (genruntime.FindSecretReferences)
// from the Secrets of obj's namespace. A missing Secret or key gives a ReadyConditionImpactingError
// (Warning, SecretNotFound) naming the Secret and the key; no message ever holds a value.
func (r *Resolver) ResolveSecrets(ctx context.Context, obj genruntime.KubernetesResource) (map[genruntime.SecretReference]string, error) {
	reader := &keyReader[*corev1.Secret]{client: r.client, namespace: obj.GetNamespace(), what: "secret",
		reason: conditions.ReasonSecretNotFound, newObj: func() *corev1.Secret { return &corev1.Secret{} },
		value: func(s *corev1.Secret, key string) (string, bool) {
			v, ok := s.Data[key]
			return string(v), ok
		},
		read: map[string]*corev1.Secret{}}
	refs := genruntime.FindSecretReferences(obj)
	values := make(map[genruntime.SecretReference]string, len(refs))
	for _, ref := range refs {
		value, err := reader.key(ctx, ref.Name, ref.Key)
		if err != nil {
			return nil, err
		}
		values[ref] = value
	}
	return values, nil
}
