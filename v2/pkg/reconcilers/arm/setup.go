package arm

import (
	"context"
	"reflect"
	"strings"
	"time"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/registration"
)

// checkers are a kind's extension checks, built once from its extension host.
type checkers struct {
	owner    extensions.PreReconcileOwnerCheckFunc
	hasOwner bool
	pre      extensions.PreReconcileCheckFunc
	hasPre   bool
	post     extensions.PostReconcileCheckFunc
	modify   extensions.ARMResourceModifierFunc
	success  extensions.SuccessFunc
	classify extensions.ErrorClassifierFunc
	delete   extensions.DeleteFunc
	export   extensions.SecretExportFunc
	kube     extensions.KubernetesExportFunc

	hasSuccess, hasClassifier, hasKube bool
}

// newCheckers builds a kind's extension points; deleteFunc is the reconciler's own deletion.
func newCheckers(reg registration.Resource, deleteFunc extensions.DeleteFunc) checkers {
	c := checkers{
		pre:      extensions.CreatePreReconciliationChecker(reg.Extension),
		post:     extensions.CreatePostReconciliationChecker(reg.Extension),
		modify:   extensions.CreateARMResourceModifier(reg.Extension),
		classify: extensions.CreateErrorClassifier(reg.Extension, defaultClassification),
		delete:   extensions.CreateDeleter(reg.Extension, deleteFunc),
		export:   extensions.CreateKubernetesSecretExporter(reg.Extension),
	}
	c.owner, c.hasOwner = extensions.CreatePreReconciliationOwnerChecker(reg.Extension)
	c.success, c.hasSuccess = extensions.CreateSuccessfulCreationHandler(reg.Extension)
	c.kube, c.hasKube = extensions.CreateKubernetesExporter(reg.Extension)
	_, c.hasPre = reg.Extension.(extensions.PreReconciliationChecker)
	_, c.hasClassifier = reg.Extension.(extensions.ErrorClassifier)
	return c
}

// SetupControllers registers one controller per kind with the manager; resources is the
// generated registry's KnownResources().
func SetupControllers(mgr ctrl.Manager, resources []registration.Resource, opts Options, log logr.Logger) error {
	opts, err := opts.withDefaults()
	if err != nil {
		return err
	}
	if !mgr.GetScheme().Recognizes(corev1.SchemeGroupVersion.WithKind("Secret")) {
		return errors.New("the manager's scheme has no core/v1 Secret: add k8s.io/client-go/kubernetes/scheme (or core/v1) to it; " +
			"the reconciler reads and watches the Secrets that specs reference")
	}
	kinds, err := newRegistry(resources)
	if err != nil {
		return err
	}
	for _, r := range resources {
		if err := setupController(mgr, kinds[r.GroupKind], kinds, opts, log); err != nil {
			return errors.Wrapf(err, "setting up the controller for %s", r.GroupKind)
		}
	}
	return nil
}

func setupController(mgr ctrl.Manager, reg kind, kinds registry, opts Options, log logr.Logger) error {
	name := strings.ToLower(reg.GroupKind.Kind + "." + reg.GroupKind.Group)
	r := &Reconciler{
		kube: mgr.GetClient(), reg: reg, kinds: kinds, opts: opts,
		backoff: newBackoff(opts.BackoffBase, opts.BackoffMax), slow: newBackoff(opts.SlowRetryBase, opts.SlowRetryMax),
		polls: newBackoff(opts.PollInterval/8, opts.PollInterval),
		log:   log.WithName(name), recorder: mgr.GetEventRecorderFor("asogen-controller"), now: time.Now, written: newOwnWrites(),
	}
	if opts.Client != nil {
		r.kube = opts.Client
	}
	r.checkers = newCheckers(reg.Resource, r.defaultDelete)
	// Only spec changes start a reconcile; the reconciler's own writes (finalizer, resource ID,
	// resume token, status) do not, or every reconcile would trigger the next one. Polling,
	// backoff and resync use RequeueAfter.
	// What the spec depends on does too: a change of a Secret it references (the value goes into
	// the next PUT), and an object it references becoming available in Azure (the PUT may go ahead).
	changes := predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, policyChanged, credentialChanged)
	if err := indexDependencies(context.Background(), mgr, reg); err != nil {
		return errors.Wrap(err, "indexing secrets and references")
	}
	b := ctrl.NewControllerManagedBy(mgr).
		Named(name).
		For(reg.NewHub(), builder.WithPredicates(changes)).
		Owns(&corev1.Secret{}, builder.WithPredicates(changedByOthers)).
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(changedByOthers)).
		Watches(&corev1.Namespace{}, inNamespace(mgr, reg), builder.WithPredicates(policyChanged)).
		Watches(&corev1.Secret{}, dependents(mgr, reg, secretNamesIndex, client.Object.GetName)).
		Watches(&corev1.ConfigMap{}, dependents(mgr, reg, configMapsIndex, client.Object.GetName)).
		Watches(&corev1.Secret{}, dependents(mgr, reg, credentialIndex, client.Object.GetName))
	for _, target := range kinds.sorted() {
		key := func(o client.Object) string { return referenceKey(target.GroupKind, o.GetName()) }
		b = b.Watches(target.NewHub(), dependents(mgr, reg, referencesIndex, key), builder.WithPredicates(becameAvailable))
	}
	return b.WithOptions(controller.Options{MaxConcurrentReconciles: opts.MaxConcurrentReconciles}).Complete(r)
}

// policyChanged passes an object (or a Namespace) whose reconcile policy annotation changed: a
// new policy takes effect at once, without a spec change.
var policyChanged = predicate.Funcs{
	CreateFunc: func(event.CreateEvent) bool { return false },
	UpdateFunc: func(e event.UpdateEvent) bool {
		return e.ObjectOld.GetAnnotations()[ReconcilePolicyAnnotation] != e.ObjectNew.GetAnnotations()[ReconcilePolicyAnnotation]
	},
	DeleteFunc:  func(event.DeleteEvent) bool { return false },
	GenericFunc: func(event.GenericEvent) bool { return false },
}

// changedByOthers passes a Secret or ConfigMap the operator exported when it is deleted or its
// data changes, so that one deleted or edited by hand is written again within seconds.
var changedByOthers = predicate.Funcs{
	CreateFunc: func(event.CreateEvent) bool { return false },
	UpdateFunc: func(e event.UpdateEvent) bool {
		return !reflect.DeepEqual(dataOf(e.ObjectOld), dataOf(e.ObjectNew))
	},
	DeleteFunc:  func(event.DeleteEvent) bool { return true },
	GenericFunc: func(event.GenericEvent) bool { return false },
}

// dataOf is what the operator writes into an exported Secret or ConfigMap; for another
// type, the object itself (so any change passes).
func dataOf(o client.Object) any {
	switch o := o.(type) {
	case *corev1.Secret:
		return []any{o.Data, o.StringData}
	case *corev1.ConfigMap:
		return []any{o.Data, o.BinaryData}
	}
	return o
}

// becameAvailable passes an object that references to it can now resolve to (see available),
// or that is first seen so: not its other writes.
var becameAvailable = predicate.Funcs{
	CreateFunc:  func(e event.CreateEvent) bool { return available(e.Object) },
	UpdateFunc:  func(e event.UpdateEvent) bool { return available(e.ObjectNew) && !available(e.ObjectOld) },
	DeleteFunc:  func(event.DeleteEvent) bool { return false },
	GenericFunc: func(event.GenericEvent) bool { return false },
}

// available reports what the resolver needs to resolve a reference to o: its resource-id
// annotation and a Ready condition that is True.
func available(o client.Object) bool {
	c, ok := o.(conditions.Conditioner)
	if !ok || o.GetAnnotations()[genruntime.ResourceIDAnnotation] == "" {
		return false
	}
	ready, _ := conditions.GetCondition(c, conditions.ConditionTypeReady)
	return ready.IsTrue()
}
