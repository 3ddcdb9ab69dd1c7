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

// ResolveConfigMaps reads the value of every ConfigMapReference of obj's spec (the ...FromConfig
// inputs) from the ConfigMaps of obj's namespace. A missing ConfigMap or key is a Warning
// (ConfigMapNotFound) naming both.
func (r *Resolver) ResolveConfigMaps(ctx context.Context, obj genruntime.KubernetesResource) (map[genruntime.ConfigMapReference]string, error) {
	refs := genruntime.FindConfigMapReferences(obj)
	values := make(map[genruntime.ConfigMapReference]string, len(refs))
	maps := map[string]*corev1.ConfigMap{}
	for _, ref := range refs {
		value, err := r.configMapValue(ctx, obj.GetNamespace(), ref, maps)
		if err != nil {
			return nil, err
		}
		values[ref] = value
	}
	return values, nil
}

// configMapValue reads one key, reading each ConfigMap once per call of ResolveConfigMaps.
func (r *Resolver) configMapValue(ctx context.Context, namespace string, ref genruntime.ConfigMapReference,
	maps map[string]*corev1.ConfigMap) (string, error) {
	if err := ref.Validate(); err != nil {
		return "", conditions.WrapWithReason(err, "invalid config map reference", conditions.SeverityError, conditions.ReasonFailed)
	}
	cm, ok := maps[ref.Name]
	if !ok {
		cm = &corev1.ConfigMap{}
		if err := r.client.Get(ctx, types.NamespacedName{Namespace: namespace, Name: ref.Name}, cm); err != nil {
			return "", configMapMissing(err, namespace, ref)
		}
		maps[ref.Name] = cm
	}
	if value, ok := cm.Data[ref.Key]; ok {
		return value, nil
	}
	if value, ok := cm.BinaryData[ref.Key]; ok {
		return string(value), nil
	}
	return "", conditions.NewReadyConditionImpactingError(
		errors.Errorf("config map %q in namespace %q has no key %q", ref.Name, namespace, ref.Key),
		conditions.SeverityWarning, conditions.ReasonConfigMapNotFound)
}

// configMapMissing describes a failed read of a ConfigMap: a Warning when it does not exist.
func configMapMissing(err error, namespace string, ref genruntime.ConfigMapReference) error {
	if !apierrors.IsNotFound(err) {
		return errors.Wrapf(err, "reading config map %q in namespace %q", ref.Name, namespace)
	}
	return conditions.NewReadyConditionImpactingError(
		errors.Errorf("config map %q (key %q) does not exist in namespace %q", ref.Name, ref.Key, namespace),
		conditions.SeverityWarning, conditions.ReasonConfigMapNotFound)
}
