package extensions

import (
	"context"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// KubernetesObjects are Kubernetes objects an extension exports for its resource. The reconciler
// creates or patches each in the resource's namespace, with the resource as controller owner.
type KubernetesObjects []client.Object

// KubernetesExporter is implemented by extensions that export Kubernetes objects the config
// cannot describe (a ServiceAccount for workload identity, a ConfigMap in a shape of its own).
// See the package documentation.
type KubernetesExporter interface {
	// ExportKubernetesResources returns the objects to create or update for the resource after
	// every reconcile that ends Ready.
	// ctx is the current operation context.
	// obj is the resource, with its status freshly read from Azure.
	// armClient is the client for ARM calls.
	// log is the logger for the current operation.
	ExportKubernetesResources(
		ctx context.Context,
		obj genruntime.MetaObject,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
	) (KubernetesObjects, error)
}

// KubernetesExportFunc is an exporter: ExportKubernetesResources as a function.
type KubernetesExportFunc func(
	ctx context.Context,
	obj genruntime.MetaObject,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
) (KubernetesObjects, error)

// CreateKubernetesExporter returns the exporter for host and true when host implements
// KubernetesExporter (its error wrapped with the exporter's name); otherwise one that exports
// nothing, and false.
func CreateKubernetesExporter(host genruntime.ResourceExtension) (KubernetesExportFunc, bool) {
	exporter, ok := host.(KubernetesExporter)
	if !ok {
		return exportNothing, false
	}
	return func(ctx context.Context, obj genruntime.MetaObject, armClient *genericarmclient.GenericClient, log logr.Logger) (KubernetesObjects, error) {
		out, err := exporter.ExportKubernetesResources(ctx, obj, armClient, log)
		if err != nil {
			return nil, errors.Wrap(err, "ExportKubernetesResources failed")
		}
		return out, nil
	}, true
}

func exportNothing(context.Context, genruntime.MetaObject, *genericarmclient.GenericClient, logr.Logger) (KubernetesObjects, error) {
	return nil, nil
}
