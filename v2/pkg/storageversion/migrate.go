// Package storageversion moves stored objects to the current storage version after a hub move.
//
// When config moves a kind's hub (a newer API version is added), the CRD's storage version
// changes but etcd still holds the objects written before, at the old storage version; the API
// server keeps serving them through the conversion webhook, and the CRD's status.storedVersions
// lists both versions. The old version can only be removed from the CRD once nothing is stored at
// it. Migrate rewrites every object of such a kind (an unchanged update stores it at the current
// storage version), then sets status.storedVersions to the current storage version alone. The
// operator runs it at start-up (see Runnable); it is idempotent and does nothing for CRDs whose
// storedVersions already list only the hub.
package storageversion

import (
	"context"
	"slices"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/registration"
)

// Migrator migrates the stored objects of registered kinds. Its client must know
// apiextensions.k8s.io/v1 and is best uncached (it lists every object once).
type Migrator struct {
	Client    client.Client
	Resources []registration.Resource
	Log       logr.Logger
}

// Migrate migrates every kind whose CRD still records another stored version than its hub.
func (m Migrator) Migrate(ctx context.Context) error {
	for _, r := range m.Resources {
		if err := m.migrateKind(ctx, r); err != nil {
			return errors.Wrapf(err, "migrating the stored %s objects to %s", r.GroupKind, r.HubGVK.Version)
		}
	}
	return nil
}

func (m Migrator) migrateKind(ctx context.Context, r registration.Resource) error {
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := m.Client.Get(ctx, client.ObjectKey{Name: CRDName(r)}, crd); err != nil {
		return errors.Wrap(err, "reading the CRD")
	}
	hub := r.HubGVK.Version
	if slices.Equal(crd.Status.StoredVersions, []string{hub}) {
		return nil
	}
	m.Log.Info("Migrating stored objects", "kind", r.GroupKind, "storedVersions", crd.Status.StoredVersions, "to", hub)
	if err := m.rewriteAll(ctx, r.HubGVK); err != nil {
		return err
	}
	crd.Status.StoredVersions = []string{hub}
	return errors.Wrap(m.Client.Status().Update(ctx, crd), "updating the CRD's status.storedVersions")
}

// rewriteAll updates every object unchanged: the API server stores it at the current version.
func (m Migrator) rewriteAll(ctx context.Context, gvk schema.GroupVersionKind) error {
	list := &unstructured.UnstructuredList{}
	list.SetGroupVersionKind(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
	if err := m.Client.List(ctx, list); err != nil {
		return errors.Wrap(err, "listing the objects")
	}
	for i := range list.Items {
		obj := &list.Items[i]
		err := m.Client.Update(ctx, obj)
		if err != nil && !apierrors.IsNotFound(err) {
			return errors.Wrapf(err, "rewriting %s/%s", obj.GetNamespace(), obj.GetName())
		}
	}
	return nil
}

// CRDName is the name of a kind's CRD: <plural>.<group>.
func CRDName(r registration.Resource) string {
	return r.Plural + "." + r.GroupKind.Group
}

// Start implements manager.Runnable: the manager runs Migrate once, on the leader, when it starts.
// A failure is logged and does not stop the operator; the next start tries again.
func (m Migrator) Start(ctx context.Context) error {
	if err := m.Migrate(ctx); err != nil {
		m.Log.Error(err, "Storage version migration failed; objects stay readable through the conversion webhook")
	}
	return nil
}

// NeedLeaderElection implements manager.LeaderElectionRunnable: one replica migrates.
func (m Migrator) NeedLeaderElection() bool { return true }
