package arm

import (
	"context"

	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// Field indexes of every object by what its spec names, so that a change of a Secret, or a
// referenced object or the owner becoming available, reconciles exactly the objects that depend on it.
const (
	secretNamesIndex = ".spec.secretReferences"     // Secret names
	configMapsIndex  = ".spec.configMapReferences"  // ConfigMap names (...FromConfig inputs)
	referencesIndex  = ".spec.resourceReferences"   // group/kind/name of the owner and references by Kubernetes name
	credentialIndex  = ".metadata.credentialSecret" // the Secret that holds, or would hold, the object's credential
)

// indexDependencies registers the indexes (and the claim index of claim.go) for a kind; it must run before the manager starts.
func indexDependencies(ctx context.Context, mgr ctrl.Manager, reg kind) error {
	indexer := mgr.GetFieldIndexer()
	err := indexer.IndexField(ctx, reg.NewHub(), secretNamesIndex, func(o client.Object) []string {
		return genruntime.SecretNames(o)
	})
	if err != nil {
		return err
	}
	err = indexer.IndexField(ctx, reg.NewHub(), configMapsIndex, func(o client.Object) []string {
		return genruntime.ConfigMapNames(o)
	})
	if err != nil {
		return err
	}
	if err := indexer.IndexField(ctx, reg.NewHub(), claimIndex, claimKey); err != nil {
		return err
	}
	if err := indexer.IndexField(ctx, reg.NewHub(), credentialIndex, credentialKey); err != nil {
		return err
	}
	return indexer.IndexField(ctx, reg.NewHub(), referencesIndex, referenceKeys)
}

// referenceKeys lists the owner and the references of o's spec made by Kubernetes name, as
// referenceKey: an object waits for both to become available.
func referenceKeys(o client.Object) []string {
	var keys []string
	refs := genruntime.FindResourceReferences(o)
	if r, ok := o.(genruntime.KubernetesResource); ok && r.Owner() != nil {
		refs = append(refs, *r.Owner())
	}
	for _, ref := range refs {
		if !ref.IsDirectARMReference() {
			keys = append(keys, referenceKey(ref.GroupKind(), ref.Name))
		}
	}
	return keys
}

func referenceKey(gk schema.GroupKind, name string) string {
	return gk.Group + "/" + gk.Kind + "/" + name
}

// dependents enqueues the objects of a kind whose index holds the value key(changed).
func dependents(mgr ctrl.Manager, reg kind, index string, key func(client.Object) string) handler.EventHandler {
	listGVK := reg.HubGVK.GroupVersion().WithKind(reg.HubGVK.Kind + "List")
	return handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, changed client.Object) []reconcile.Request {
		requests, err := dependentRequests(ctx, mgr.GetClient(), mgr.GetScheme(), listGVK, changed.GetNamespace(), index, key(changed))
		if err != nil {
			mgr.GetLogger().Error(err, "Listing the objects that depend on a change", "kind", reg.HubGVK.Kind, "index", index)
		}
		return requests
	})
}

// dependentRequests lists the objects of listGVK in namespace whose index holds value.
func dependentRequests(ctx context.Context, kube client.Reader, scheme *kruntime.Scheme, listGVK schema.GroupVersionKind,
	namespace, index, value string) ([]reconcile.Request, error) {
	list, err := newList(scheme, listGVK)
	if err != nil {
		return nil, err
	}
	if err := kube.List(ctx, list, client.InNamespace(namespace), client.MatchingFields{index: value}); err != nil {
		return nil, err
	}
	return requestsFor(list), nil
}

// newList returns an empty list of the hub kind.
func newList(scheme *kruntime.Scheme, gvk schema.GroupVersionKind) (client.ObjectList, error) {
	obj, err := scheme.New(gvk)
	if err != nil {
		return nil, err
	}
	list, ok := obj.(client.ObjectList)
	if !ok {
		return nil, errors.Errorf("%T is not a list", obj)
	}
	return list, nil
}

// requestsFor turns every item of list into a reconcile request.
func requestsFor(list client.ObjectList) []reconcile.Request {
	var out []reconcile.Request
	_ = meta.EachListItem(list, func(o kruntime.Object) error {
		m, err := meta.Accessor(o)
		if err == nil {
			out = append(out, reconcile.Request{NamespacedName: types.NamespacedName{Namespace: m.GetNamespace(), Name: m.GetName()}})
		}
		return nil
	})
	return out
}

// inNamespace enqueues every object of a kind in the Namespace that changed.
func inNamespace(mgr ctrl.Manager, reg kind) handler.EventHandler {
	listGVK := reg.HubGVK.GroupVersion().WithKind(reg.HubGVK.Kind + "List")
	return handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, ns client.Object) []reconcile.Request {
		list, err := newList(mgr.GetScheme(), listGVK)
		if err == nil {
			err = mgr.GetClient().List(ctx, list, client.InNamespace(ns.GetName()))
		}
		if err != nil {
			mgr.GetLogger().Error(err, "Listing the objects of a namespace whose reconcile policy changed", "kind", reg.HubGVK.Kind)
			return nil
		}
		return requestsFor(list)
	})
}
