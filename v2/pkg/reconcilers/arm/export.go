package arm

import (
	"context"
	"sort"

	"github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/asogen/asogen/v2/pkg/expressions"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
)

// destination is one key of a Secret or ConfigMap named in spec.operatorSpec.
type destination = genruntime.Destination

// export writes what the resource exports after a reconcile that ends Ready: secrets, then
// config values. Values are never logged.
func (run *reconcileRun) export(ctx context.Context) error {
	if err := run.exportSecrets(ctx); err != nil {
		return errors.Wrap(err, "exporting secrets")
	}
	if err := run.exportConfigMaps(ctx); err != nil {
		return errors.Wrap(err, "exporting config maps")
	}
	return errors.Wrap(run.exportObjects(ctx), "exporting Kubernetes objects")
}

// exportSecrets writes the secret values Azure holds for the resource (from the kind's export
// action and its KubernetesSecretExporter) into the Secrets named in spec.operatorSpec.secrets.
// Each Secret is owned by the object, so it goes away with it. Values are never logged.
func (run *reconcileRun) exportSecrets(ctx context.Context) error {
	dests, err := operatorSpecDestinations(run.obj, "secrets")
	if err != nil {
		return err
	}
	exprs, err := genruntime.OperatorSpecExpressions(run.obj, "secretExpressions")
	if err != nil || len(dests)+len(exprs) == 0 {
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
	if values == nil { // a kind that exports no secret: its expressions see an empty secret
		values = extensions.SecretValues{}
	}
	data, err := exportedData("secret", "secrets", dests, values)
	if err == nil {
		err = evaluate(data, exprs, expressions.Secret, run.obj, values)
	}
	if err != nil {
		return err
	}
	for name, keys := range data {
		if err := run.writeSecret(ctx, name, keys); err != nil {
			return err
		}
	}
	run.log.V(1).Info("Exported secrets", "secrets", len(data))
	return nil
}

// exportedData is what to write for the destinations: object name → key → value, each value
// read from values by export name. A value missing from values is an error naming it (never a
// value).
func exportedData(what, field string, dests map[string]destination, values map[string]string) (map[string]map[string]string, error) {
	grouped, err := byDestination(what, field, dests)
	if err != nil {
		return nil, err
	}
	data := map[string]map[string]string{}
	for name, keys := range grouped {
		data[name] = map[string]string{}
		for _, key := range sortedKeys(keys) {
			v, ok := values[keys[key]]
			if !ok {
				return nil, errors.Errorf("Azure returned no %s to write into %s %q key %q", keys[key], what, name, key)
			}
			data[name][key] = v
		}
	}
	return data, nil
}

// operatorSpecDestinations reads spec.operatorSpec.<field> (secrets, configMaps): destination by
// export name.
func operatorSpecDestinations(obj client.Object, field string) (map[string]destination, error) {
	return genruntime.OperatorSpecDestinations(obj, field)
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

// bySecret groups secret destinations by Secret name: key in the Secret → export name.
func bySecret(dests map[string]destination) (map[string]map[string]string, error) {
	return byDestination("secret", "secrets", dests)
}

// byDestination groups destinations by object name (genruntime.GroupDestinations); a
// conflict or an incomplete destination is the user's to fix (Error).
func byDestination(what, field string, dests map[string]destination) (map[string]map[string]string, error) {
	out, err := genruntime.GroupDestinations(what, field, dests)
	if err != nil {
		return nil, invalidDestination(err)
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

// writeSecret creates or updates one Secret with data (key → value), owned by the object. A
// Secret of that name that the object does not own is left alone: the condition says so.
func (run *reconcileRun) writeSecret(ctx context.Context, name string, data map[string]string) error {
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: run.obj.GetNamespace()}}
	return run.writeOwned(ctx, secret, "secret", "secrets", func() error {
		if secret.Data == nil {
			secret.Data = map[string][]byte{}
		}
		for key, v := range data {
			secret.Data[key] = []byte(v)
		}
		return nil
	})
}

// writeOwned creates or updates target (a Secret or ConfigMap, its name and namespace set), with
// the object as its controller; set fills its data. One of that name the object does not own is
// left alone: a Warning says so, naming spec.operatorSpec.<field>.
func (run *reconcileRun) writeOwned(ctx context.Context, target client.Object, what, field string, set func() error) error {
	name := target.GetName()
	err := run.kube.Get(ctx, client.ObjectKeyFromObject(target), target)
	exists := err == nil
	if err != nil && !apierrors.IsNotFound(err) {
		return errors.Wrapf(err, "reading %s %q", what, name)
	}
	if exists && !metav1.IsControlledBy(target, run.obj) {
		return conditions.NewReadyConditionImpactingError(
			errors.Errorf("%s %q exists and does not belong to this resource; choose another name in spec.operatorSpec.%s", what, name, field),
			conditions.SeverityWarning, conditions.ReasonFailed)
	}
	before := target.DeepCopyObject().(client.Object)
	if err := set(); err != nil {
		return err
	}
	if err := controllerutil.SetControllerReference(run.obj, target, run.kube.Scheme()); err != nil {
		return errors.Wrapf(err, "owning %s %q", what, name)
	}
	switch {
	case !exists:
		return errors.Wrapf(run.kube.Create(ctx, target), "creating %s %q", what, name)
	case equality.Semantic.DeepEqual(before, target):
		return nil // as exported: nothing to write
	}
	return errors.Wrapf(run.kube.Patch(ctx, target, client.MergeFrom(before)), "updating %s %q", what, name)
}

// deleteExported removes the Secrets and ConfigMaps the object's spec names and the object owns.
// Owner references would have the garbage collector do it too; deleting them here makes it
// immediate.
func (r *Reconciler) deleteExported(ctx context.Context, obj genruntime.KubernetesResource) error {
	for field, newTarget := range map[string]func() client.Object{
		"secrets":    func() client.Object { return &corev1.Secret{} },
		"configMaps": func() client.Object { return &corev1.ConfigMap{} },
	} {
		dests, err := operatorSpecDestinations(obj, field)
		if err != nil {
			return err
		}
		for _, d := range dests {
			if d.Name == "" {
				continue
			}
			if err := r.deleteOwned(ctx, obj, d.Name, newTarget()); err != nil {
				return errors.Wrapf(err, "deleting exported %s %q", field, d.Name)
			}
		}
	}
	return nil
}

// deleteOwned deletes the named object (of target's type) when obj controls it; a missing one is
// not an error.
func (r *Reconciler) deleteOwned(ctx context.Context, obj genruntime.KubernetesResource, name string, target client.Object) error {
	err := r.kube.Get(ctx, client.ObjectKey{Namespace: obj.GetNamespace(), Name: name}, target)
	if apierrors.IsNotFound(err) || (err == nil && !metav1.IsControlledBy(target, obj)) {
		return nil
	}
	if err != nil {
		return err
	}
	return client.IgnoreNotFound(r.kube.Delete(ctx, target))
}
