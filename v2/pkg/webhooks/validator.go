package webhooks

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kerrors "k8s.io/apimachinery/pkg/util/errors"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	"github.com/asogen/asogen/v2/pkg/expressions"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/registration"
)

// Validator is the validating webhook of one kind.
type Validator struct {
	Resource registration.Resource
	// Served lists the kinds the operator serves (Setup sets it): an extension resource's owner
	// named by Kubernetes object must be one of them. Nil skips that check.
	Served []schema.GroupKind
}

var _ admission.CustomValidator = Validator{}

// ValidateCreate checks the owner and the resource references of a new object.
func (v Validator) ValidateCreate(_ context.Context, obj runtime.Object) (admission.Warnings, error) {
	r, err := v.resource(obj)
	if err != nil {
		return nil, err
	}
	return nil, kerrors.NewAggregate(v.checkReferences(r))
}

// ValidateUpdate checks the new object as on create, and that spec.azureName and spec.owner are unchanged.
func (v Validator) ValidateUpdate(_ context.Context, oldObj, newObj runtime.Object) (admission.Warnings, error) {
	before, err := v.resource(oldObj)
	if err != nil {
		return nil, err
	}
	after, err := v.resource(newObj)
	if err != nil {
		return nil, err
	}
	errs := v.checkWriteOnce(before, after)
	if after.GetDeletionTimestamp() == nil {
		// An object on its way out is only updated to remove its finalizer: never block that.
		errs = append(errs, v.checkReferences(after)...)
	}
	return nil, kerrors.NewAggregate(errs)
}

// ValidateDelete allows every delete: the finalizer takes care of Azure.
func (v Validator) ValidateDelete(context.Context, runtime.Object) (admission.Warnings, error) {
	return nil, nil
}

func (v Validator) resource(obj runtime.Object) (genruntime.KubernetesResource, error) {
	r, ok := obj.(genruntime.KubernetesResource)
	if !ok {
		return nil, errors.Errorf("%s: %T is not a generated resource", v.Resource.GroupKind, obj)
	}
	return r, nil
}

// checkReferences checks the owner, then every other resource reference of the spec.
func (v Validator) checkReferences(r genruntime.KubernetesResource) []error {
	var errs []error
	if err := v.checkOwner(r.Owner()); err != nil {
		errs = append(errs, err)
	}
	for _, ref := range genruntime.FindResourceReferences(r) {
		if err := ref.Validate(); err != nil {
			errs = append(errs, errors.Wrap(err, "a resource reference must set either armId, or group, kind and name"))
		}
	}
	for _, ref := range genruntime.FindSecretReferences(r) {
		if ref.Name == "" || ref.Key == "" {
			errs = append(errs, errors.Errorf("a secret reference {name: %q, key: %q} must name a Secret in this namespace and a key in it", ref.Name, ref.Key))
		}
	}
	return append(errs, checkDestinations(r)...)
}

// checkDestinations refuses two exports (destinations or expressions) into one key of one
// Secret or ConfigMap, a destination without a name or key, and an expression that does not
// compile for its target (syntax, a variable it cannot read, a result that cannot be a string).
func checkDestinations(r genruntime.KubernetesResource) []error {
	var errs []error
	for _, d := range []struct {
		what, field, exprField string
		target                 expressions.Target
	}{
		{"secret", "secrets", "secretExpressions", expressions.Secret},
		{"config map", "configMaps", "configMapExpressions", expressions.ConfigMap},
	} {
		dests, err := genruntime.OperatorSpecDestinations(r, d.field)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		exprs, err := genruntime.OperatorSpecExpressions(r, d.exprField)
		for i, e := range exprs {
			name := fmt.Sprintf("%s[%d]", d.exprField, i)
			dests[name] = genruntime.Destination{Name: e.Name, Key: e.Key}
			if _, cerr := expressions.Compile(d.target, e.Value); cerr != nil {
				errs = append(errs, errors.Wrapf(cerr, "spec.operatorSpec.%s", name))
			}
		}
		if err == nil {
			_, err = genruntime.GroupDestinations(d.what, d.field, dests)
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// checkOwner requires an owner for kinds that have one, naming exactly one of a Kubernetes
// object or an ARM ID.
func (v Validator) checkOwner(owner *genruntime.ResourceReference) error {
	if v.Resource.ArbitraryOwner {
		return v.checkArbitraryOwner(owner)
	}
	ownerKind := v.Resource.Owner
	if ownerKind == nil {
		return nil
	}
	hint := fmt.Sprintf("set spec.owner.name to the name of the %s (%s) in this namespace that holds this %s, "+
		"or spec.owner.armId to the ARM ID of an existing one", ownerKind.Kind, ownerKind.Group, v.Resource.GroupKind.Kind)
	switch {
	case owner == nil || (owner.Name == "" && owner.ARMID == ""):
		return errors.Errorf("spec.owner is required: %s", hint)
	case owner.Name != "" && owner.ARMID != "":
		return errors.Errorf("spec.owner sets both name %q and armId %q: %s, not both", owner.Name, owner.ARMID, hint)
	case owner.ARMID != "":
		return errors.Wrap(owner.Validate(), "spec.owner")
	}
	return nil
}

// checkArbitraryOwner requires the owner of an extension resource: a resource of any kind, by
// group, kind and name, or by ARM ID.
func (v Validator) checkArbitraryOwner(owner *genruntime.ResourceReference) error {
	hint := "set spec.owner.group, spec.owner.kind and spec.owner.name to the resource in this namespace this " +
		v.Resource.GroupKind.Kind + " applies to (e.g. group: resources.azure.com, kind: ResourceGroup), " +
		"or spec.owner.armId to the ARM ID of an existing resource"
	if owner == nil {
		return errors.Errorf("spec.owner is required: %s", hint)
	}
	if err := genruntime.ValidateOwner(*owner); err != nil {
		return errors.Errorf("spec.%v: %s", err, hint)
	}
	if owner.IsDirectARMReference() || v.Served == nil || slices.Contains(v.Served, owner.GroupKind()) {
		return nil
	}
	return errors.Errorf("spec.owner: kind %q of group %q is not served by this operator (served: %s): "+
		"name a served kind, or give the owner's spec.owner.armId", owner.Kind, owner.Group, servedList(v.Served))
}

// servedList renders the served kinds as Kind (group), sorted, for messages.
func servedList(kinds []schema.GroupKind) string {
	names := make([]string, 0, len(kinds))
	for _, gk := range kinds {
		names = append(names, gk.Kind+" ("+gk.Group+")")
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// checkWriteOnce rejects a change of spec.azureName or spec.owner: either would point the object
// at another Azure resource and leave the first one behind.
func (v Validator) checkWriteOnce(before, after genruntime.KubernetesResource) []error {
	var errs []error
	kind := v.Resource.GroupKind.Kind
	if before.AzureName() != after.AzureName() {
		errs = append(errs, errors.Errorf("spec.azureName is write-once: it is %q and the update sets %q; "+
			"an Azure resource cannot be renamed: create a new %s with the new name and delete this one",
			before.AzureName(), after.AzureName(), kind))
	}
	arbitrary := v.Resource.ArbitraryOwner
	if describeOwner(before.Owner(), arbitrary) != describeOwner(after.Owner(), arbitrary) {
		errs = append(errs, errors.Errorf("spec.owner is write-once: it is %s and the update sets %s; "+
			"a resource cannot move to another owner: create a new %s under the new owner and delete this one",
			describeOwner(before.Owner(), arbitrary), describeOwner(after.Owner(), arbitrary), kind))
	}
	return errs
}

// describeOwner renders an owner for messages; arbitrary: with its group and kind, which the
// user sets for an extension resource.
func describeOwner(owner *genruntime.ResourceReference, arbitrary bool) string {
	if owner == nil {
		return "unset"
	}
	if owner.ARMID != "" && owner.Name == "" {
		return fmt.Sprintf("{armId: %q}", owner.ARMID)
	}
	if owner.ARMID != "" {
		return fmt.Sprintf("{name: %q, armId: %q}", owner.Name, owner.ARMID)
	}
	if arbitrary {
		return fmt.Sprintf("{group: %q, kind: %q, name: %q}", owner.Group, owner.Kind, owner.Name)
	}
	return fmt.Sprintf("{name: %q}", owner.Name)
}
