package resolver

import (
	"context"

	"github.com/pkg/errors"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// keyReader reads keys of one type of object (Secrets, ConfigMaps) of a namespace, reading each
// object once. Its messages name the object and the key, never a value.
type keyReader[O client.Object] struct {
	client    client.Reader
	namespace string
	what      string            // "secret", "config map"
	reason    conditions.Reason // of a missing object or key
	newObj    func() O
	value     func(O, string) (string, bool)
	read      map[string]O
}

// key returns the value of key in the object named name.
func (k *keyReader[O]) key(ctx context.Context, name, key string) (string, error) {
	if name == "" || key == "" {
		return "", conditions.WrapWithReason(errors.Errorf("%s reference {name: %q, key: %q}: name and key are both required", k.what, name, key),
			"invalid "+k.what+" reference", conditions.SeverityError, conditions.ReasonFailed)
	}
	obj, ok := k.read[name]
	if !ok {
		obj = k.newObj()
		if err := k.client.Get(ctx, types.NamespacedName{Namespace: k.namespace, Name: name}, obj); err != nil {
			return "", k.missing(err, name, key)
		}
		k.read[name] = obj
	}
	if v, ok := k.value(obj, key); ok {
		return v, nil
	}
	return "", conditions.NewReadyConditionImpactingError(
		errors.Errorf("%s %q in namespace %q has no key %q", k.what, name, k.namespace, key), conditions.SeverityWarning, k.reason)
}

// missing describes a failed read of an object: a Warning when it does not exist.
func (k *keyReader[O]) missing(err error, name, key string) error {
	if !apierrors.IsNotFound(err) {
		return errors.Wrapf(err, "reading %s %q in namespace %q", k.what, name, k.namespace)
	}
	return conditions.NewReadyConditionImpactingError(
		errors.Errorf("%s %q (key %q) does not exist in namespace %q", k.what, name, key, k.namespace),
		conditions.SeverityWarning, k.reason)
}
