package extensions

import (
	"context"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// SecretValues are secret values by their export name (a key of the kind's
// spec.operatorSpec.secrets, such as "primaryKey"). Never log them.
type SecretValues map[string]string

// KubernetesSecretExporter is implemented by extensions that find secret values Azure holds for
// their resource in a way the config cannot describe (several actions, a value to compute).
// See the package documentation.
type KubernetesSecretExporter interface {
	// ExportKubernetesSecrets returns values to write into the Secrets the user named in
	// spec.operatorSpec.secrets, after every reconcile that ends Ready.
	// ctx is the current operation context.
	// obj is the resource, with its status freshly read from Azure.
	// armClient is the client for ARM calls (POST actions such as listKeys).
	// log is the logger for the current operation; never log the values.
	// values are what the config's export action returned (nil without one); the result
	// replaces them, so return values unchanged to keep them.
	ExportKubernetesSecrets(
		ctx context.Context,
		obj genruntime.MetaObject,
		values SecretValues,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
	) (SecretValues, error)
}

// SecretExportFunc is a secret exporter: ExportKubernetesSecrets as a function.
type SecretExportFunc func(
	ctx context.Context,
	obj genruntime.MetaObject,
	values SecretValues,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
) (SecretValues, error)

// CreateKubernetesSecretExporter returns the exporter for host: the extension when host
// implements KubernetesSecretExporter (its error wrapped with the exporter's name), otherwise one
// that returns the values it is given.
func CreateKubernetesSecretExporter(host genruntime.ResourceExtension) SecretExportFunc {
	exporter, ok := host.(KubernetesSecretExporter)
	if !ok {
		return keepValues
	}
	return func(ctx context.Context, obj genruntime.MetaObject, values SecretValues,
		armClient *genericarmclient.GenericClient, log logr.Logger) (SecretValues, error) {
		out, err := exporter.ExportKubernetesSecrets(ctx, obj, values, armClient, log)
		if err != nil {
			return nil, errors.Wrap(err, "ExportKubernetesSecrets failed")
		}
		log.V(1).Info("Exported secrets", "count", len(out))
		return out, nil
	}
}

func keepValues(_ context.Context, _ genruntime.MetaObject, values SecretValues,
	_ *genericarmclient.GenericClient, _ logr.Logger) (SecretValues, error) {
	return values, nil
}
