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

// secretNamesIndex is the field index of every object by the names of the Secrets its spec
// references, so that a change of a Secret reconciles exactly the objects that read it.
const secretNamesIndex = ".spec.secretReferences"

// indexSecretNames registers the index for a kind; it must run before the manager starts.
func indexSecretNames(ctx context.Context, mgr ctrl.Manager, reg kind) error {
	return mgr.GetFieldIndexer().IndexField(ctx, reg.NewHub(), secretNamesIndex, func(o client.Object) []string {
		return genruntime.SecretNames(o)
	})
}

// secretHandler enqueues the objects of a kind that reference a changed Secret.
func secretHandler(mgr ctrl.Manager, reg kind) handler.EventHandler {
	kube := mgr.GetClient()
	listGVK := reg.HubGVK.GroupVersion().WithKind(reg.HubGVK.Kind + "List")
	return handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, secret client.Object) []reconcile.Request {
		list, err := newList(mgr, listGVK)
		if err != nil {
			mgr.GetLogger().Error(err, "Listing objects that reference a secret", "kind", reg.HubGVK.Kind)
			return nil
		}
		err = kube.List(ctx, list, client.InNamespace(secret.GetNamespace()), client.MatchingFields{secretNamesIndex: secret.GetName()})
		if err != nil {
			mgr.GetLogger().Error(err, "Listing objects that reference a secret", "kind", reg.HubGVK.Kind, "secret", secret.GetName())
			return nil
		}
		return requestsFor(list)
	})
}

// newList returns an empty list of the hub kind.
func newList(mgr ctrl.Manager, gvk schema.GroupVersionKind) (client.ObjectList, error) {
	obj, err := mgr.GetScheme().New(gvk)
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
