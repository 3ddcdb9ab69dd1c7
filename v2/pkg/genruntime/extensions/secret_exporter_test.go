package extensions

import (
	"context"
	"errors"
	"testing"

	"github.com/go-logr/logr"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// exporterHost adds a computed value to what the action returned.
type exporterHost struct {
	plainHost
	recorder
	fail bool
}

func (h *exporterHost) ExportKubernetesSecrets(_ context.Context, obj genruntime.MetaObject, values SecretValues,
	_ *genericarmclient.GenericClient, _ logr.Logger) (SecretValues, error) {
	h.calls++
	h.lastObj = obj
	if h.fail {
		return nil, errCheck
	}
	out := SecretValues{"connectionString": "host:" + values["primaryKey"]}
	for k, v := range values {
		out[k] = v
	}
	return out, nil
}

// TestSecretsExporterExtension: the host's exporter sees the action's values and its result
// replaces them; its error is wrapped with its name.
func TestSecretsExporterExtension(t *testing.T) {
	host := &exporterHost{}
	export := CreateKubernetesSecretExporter(host)
	obj := newTestObject("redis")
	out, err := export(context.Background(), obj, SecretValues{"primaryKey": "k1"}, nil, logr.Discard())
	if err != nil || out["connectionString"] != "host:k1" || out["primaryKey"] != "k1" || host.lastObj != obj {
		t.Fatalf("export = %v, %v", len(out), err)
	}
	host.fail = true
	if _, err := export(context.Background(), obj, nil, nil, logr.Discard()); !errors.Is(err, errCheck) ||
		err.Error() != "ExportKubernetesSecrets failed: "+errCheck.Error() {
		t.Fatalf("error = %v", err)
	}
}

// TestSecretsExporterDefault: without the extension the action's values are exported as they are.
func TestSecretsExporterDefault(t *testing.T) {
	export := CreateKubernetesSecretExporter(plainHost{})
	out, err := export(context.Background(), newTestObject("redis"), SecretValues{"primaryKey": "k1"}, nil, logr.Discard())
	if err != nil || len(out) != 1 || out["primaryKey"] != "k1" {
		t.Fatalf("export = %v, %v", out, err)
	}
}
