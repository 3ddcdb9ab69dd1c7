package resolver

import (
	"context"

	corev1 "k8s.io/api/core/v1"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// ResolveConfigMaps reads the value of every ConfigMapReference of obj's spec (the ...FromConfig
// inputs) from the ConfigMaps of obj's namespace (data, then binaryData). A missing ConfigMap or
// key is a Warning (ConfigMapNotFound) naming both.
func (r *Resolver) ResolveConfigMaps(ctx context.Context, obj genruntime.KubernetesResource) (map[genruntime.ConfigMapReference]string, error) {
	reader := &keyReader[*corev1.ConfigMap]{client: r.client, namespace: obj.GetNamespace(), what: "config map",
		reason: conditions.ReasonConfigMapNotFound, newObj: func() *corev1.ConfigMap { return &corev1.ConfigMap{} },
		value: func(cm *corev1.ConfigMap, key string) (string, bool) {
			if v, ok := cm.Data[key]; ok {
				return v, true
			}
			v, ok := cm.BinaryData[key]
			return string(v), ok
		},
		read: map[string]*corev1.ConfigMap{}}
	values := map[genruntime.ConfigMapReference]string{}
	for _, ref := range genruntime.FindConfigMapReferences(obj) {
		value, err := reader.key(ctx, ref.Name, ref.Key)
		if err != nil {
			return nil, err
		}
		values[ref] = value
	}
	return values, nil
}
