package customizations

import (
	"context"
	"testing"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	kusto20221229s "github.com/asogen/asogen/v2/api/kusto/v1api20221229/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// deleterFixture is a resolver over a fake cluster holding the database's Cluster, and the database.
func deleterFixture(t *testing.T, clusterDeleting bool) (*resolver.Resolver, *kusto20221229s.Database) {
	t.Helper()
	scheme := runtime.NewScheme()
	if err := kusto20221229s.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	cluster := &kusto20221229s.Cluster{ObjectMeta: metav1.ObjectMeta{Name: "adx", Namespace: "ns"}}
	cluster.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
	if clusterDeleting {
		now := metav1.Now()
		cluster.DeletionTimestamp, cluster.Finalizers = &now, []string{"test"}
	}
	genruntime.SetResourceID(cluster, "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Kusto/clusters/adx")
	kube := fake.NewClientBuilder().WithScheme(scheme).WithObjects(cluster).Build()
	gk := schema.GroupKind{Group: kusto20221229s.GroupVersion.Group, Kind: "Cluster"}
	res := resolver.NewResolver(kube, scheme, map[schema.GroupKind]schema.GroupVersionKind{gk: kusto20221229s.GroupVersion.WithKind("Cluster")}, "s")
	db := &kusto20221229s.Database{ObjectMeta: metav1.ObjectMeta{Name: "db", Namespace: "ns"}}
	db.Spec.Owner = &genruntime.KnownResourceReference{Name: "adx"}
	return res, db
}

// nextCalls is a default deletion counting its calls.
func nextCalls(calls *int) extensions.DeleteFunc {
	return func(context.Context, genruntime.MetaObject, *resolver.Resolver, *genericarmclient.GenericClient, logr.Logger) (extensions.DeleteResult, error) {
		*calls++
		return extensions.DeleteCompleted(), nil
	}
}

func TestExtensionDatabaseLeftToItsDeletingCluster(t *testing.T) {
	for deleting, wantNext := range map[bool]int{true: 0, false: 1} {
		res, db := deleterFixture(t, deleting)
		var calls int
		result, err := (&DatabaseExtension{}).Delete(context.Background(), db, res, nil, logr.Discard(), nextCalls(&calls))
		if err != nil || !result.Completed() {
			t.Fatalf("cluster deleting %v: %v, %v", deleting, result, err)
		}
		if calls != wantNext {
			t.Errorf("cluster deleting %v: the ARM DELETE ran %d times, want %d", deleting, calls, wantNext)
		}
	}
}
