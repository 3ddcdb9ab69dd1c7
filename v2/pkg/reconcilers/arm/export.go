package arm

import (
	"context"
	"encoding/json"
	"sort"

	"github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
)

// exportSecrets writes the secret values Azure holds for the resource (from the kind's export
// action and its KubernetesSecretExporter) into the Secrets named in spec.operatorSpec.secrets.
// Each Secret is owned by the object, so it goes away with it. Values are never logged.
func (run *reconcileRun) exportSecrets(ctx context.Context) error {
	dests, err := secretDestinations(run.obj)
	if err != nil || len(dests) == 0 {
		return err
	}
	values, err := run.actionValues(ctx)
	if err != nil {
		return err
	}
	values, err = run.checkers.export(ctx, run.obj, values, run.arm, run.log)
	if err != nil {
		return err
	}
	secrets, err := bySecret(dests)
	if err != nil {
		return err
	}
	for name, keys := range secrets {
		if err := run.writeSecret(ctx, name, keys, values); err != nil {
			return err
		}
	}
	run.log.V(1).Info("Exported secrets", "secrets", len(secrets))
	return nil
}

// secretDestinations reads spec.operatorSpec.secrets: destination by export name.
func secretDestinations(obj client.Object) (map[string]genruntime.SecretDestination, error) {
	var doc struct {
		Spec struct {
			OperatorSpec struct {
				Secrets map[string]*genruntime.SecretDestination `json:"secrets"`
			} `json:"operatorSpec"`
		} `json:"spec"`
	}
	data, err := json.Marshal(obj)
	if err == nil {
		err = json.Unmarshal(data, &doc)
	}
	if err != nil {
		return nil, errors.Wrap(err, "reading spec.operatorSpec.secrets")
	}
	out := map[string]genruntime.SecretDestination{}
	for name, d := range doc.Spec.OperatorSpec.Secrets {
		if d != nil {
			out[name] = *d
		}
	}
	return out, nil
}

// actionValues POSTs the kind's export action and keeps the string properties of the response.
func (run *reconcileRun) actionValues(ctx context.Context) (extensions.SecretValues, error) {
	action := run.reg.SecretExportAction
	if action == "" {
		return nil, nil
	}
	var response map[string]any
	if err := run.arm.PostAction(ctx, run.id, action, run.armObj.GetAPIVersion(), &response); err != nil {
		return nil, err
	}
	values := extensions.SecretValues{}
	for name, v := range response {
		if s, ok := v.(string); ok {
			values[name] = s
		}
	}
	return values, nil
}

// bySecret groups destinations by Secret name: key in the Secret → export name. Two exports
// naming the same key of the same Secret, or a destination without a name or key, are the
// user's to fix (Error).
func bySecret(dests map[string]genruntime.SecretDestination) (map[string]map[string]string, error) {
	out := map[string]map[string]string{}
	for _, export := range sortedKeys(dests) {
		d := dests[export]
		if d.Name == "" || d.Key == "" {
			return nil, invalidDestination(errors.Errorf("spec.operatorSpec.secrets.%s needs both a name and a key", export))
		}
		if out[d.Name] == nil {
			out[d.Name] = map[string]string{}
		}
		if other, taken := out[d.Name][d.Key]; taken {
			return nil, invalidDestination(errors.Errorf("spec.operatorSpec.secrets: %s and %s both name secret %q key %q", other, export, d.Name, d.Key))
		}
		out[d.Name][d.Key] = export
	}
	return out, nil
}

func invalidDestination(err error) error {
	return conditions.NewReadyConditionImpactingError(err, conditions.SeverityError, conditions.ReasonFailed)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// writeSecret creates or updates one Secret, owned by the object. A Secret of that name that
// the object does not own is left alone: the condition says so.
func (run *reconcileRun) writeSecret(ctx context.Context, name string, keys map[string]string, values extensions.SecretValues) error {
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: run.obj.GetNamespace()}}
	err := run.kube.Get(ctx, client.ObjectKeyFromObject(secret), secret)
	exists := err == nil
	if err != nil && !apierrors.IsNotFound(err) {
		return errors.Wrapf(err, "reading secret %q", name)
	}
	if exists && !metav1.IsControlledBy(secret, run.obj) {
		return conditions.NewReadyConditionImpactingError(
			errors.Errorf("secret %q exists and does not belong to this resource; choose another name in spec.operatorSpec.secrets", name),
			conditions.SeverityWarning, conditions.ReasonFailed)
	}
	before := secret.DeepCopy()
	if err := fill(secret, keys, values); err != nil {
		return err
	}
	if err := controllerutil.SetControllerReference(run.obj, secret, run.kube.Scheme()); err != nil {
		return errors.Wrapf(err, "owning secret %q", name)
	}
	switch {
	case !exists:
		return errors.Wrapf(run.kube.Create(ctx, secret), "creating secret %q", name)
	case equality.Semantic.DeepEqual(before, secret):
		return nil // as exported: nothing to write
	}
	return errors.Wrapf(run.kube.Patch(ctx, secret, client.MergeFrom(before)), "updating secret %q", name)
}

// fill sets each key of the Secret to its export's value; a value Azure did not return is an
// error naming it.
func fill(secret *corev1.Secret, keys map[string]string, values extensions.SecretValues) error {
	if secret.Data == nil {
		secret.Data = map[string][]byte{}
	}
	for _, key := range sortedKeys(keys) {
		v, ok := values[keys[key]]
		if !ok {
			return errors.Errorf("Azure returned no %s to write into secret %q key %q", keys[key], secret.Name, key)
		}
		secret.Data[key] = []byte(v)
	}
	return nil
}

// deleteExportedSecrets removes the Secrets the object's spec names and the object owns. Owner
// references would have the garbage collector do it too; deleting them here makes it immediate.
func (r *Reconciler) deleteExportedSecrets(ctx context.Context, obj genruntime.KubernetesResource) error {
	dests, err := secretDestinations(obj)
	if err != nil {
		return err
	}
	for _, d := range dests {
		if d.Name == "" {
			continue
		}
		if err := r.deleteOwnedSecret(ctx, obj, d.Name); err != nil {
			return errors.Wrapf(err, "deleting exported secret %q", d.Name)
		}
	}
	return nil
}

// deleteOwnedSecret deletes the named Secret when obj owns it; a missing one is not an error.
func (r *Reconciler) deleteOwnedSecret(ctx context.Context, obj genruntime.KubernetesResource, name string) error {
	secret := &corev1.Secret{}
	err := r.kube.Get(ctx, client.ObjectKey{Namespace: obj.GetNamespace(), Name: name}, secret)
	if apierrors.IsNotFound(err) || (err == nil && !metav1.IsControlledBy(secret, obj)) {
		return nil
	}
	if err != nil {
		return err
	}
	return client.IgnoreNotFound(r.kube.Delete(ctx, secret))
}
