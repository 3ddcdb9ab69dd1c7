package customizations

import (
	"context"
	"strings"
	"testing"

	"github.com/go-logr/logr"

	storage20230101s "github.com/asogen/asogen/v2/api/storage/v1api20230101/storage"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
)

const saID = "/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/sa1"

func exporterClient(t *testing.T) *genericarmclient.GenericClient {
	t.Helper()
	server := armserver.Start(t, armserver.WithoutResourceGroupCheck())
	if err := server.Seed(saID, map[string]any{"location": "westus2"}); err != nil {
		t.Fatal(err)
	}
	client, err := genericarmclient.NewGenericClient("00000000-0000-0000-0000-000000000001", genericarmclient.Options{Endpoint: server.URL()})
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// TestSecretsStorageAccountExportsKeysByName: listKeys' list becomes key1 and key2, beside the
// values the exporter was given (through the generated dispatch, as the reconciler calls it).
func TestSecretsStorageAccountExportsKeysByName(t *testing.T) {
	client := exporterClient(t)
	sa := &storage20230101s.StorageAccount{}
	genruntime.SetResourceID(sa, saID)
	out, err := (&StorageAccountExtension{}).ExportKubernetesSecrets(context.Background(), sa,
		extensions.SecretValues{"other": "kept"}, client, logr.Discard())
	if err != nil {
		t.Fatal(err)
	}
	key1, key2 := armserver.Keys(saID)
	if out["key1"] != key1 || out["key2"] != key2 || out["other"] != "kept" || len(out) != 3 {
		t.Fatalf("exported %d values, want key1, key2 and other", len(out))
	}
}

// TestSecretsStorageAccountExportNeedsID: before the account is claimed there is nothing to ask.
func TestSecretsStorageAccountExportNeedsID(t *testing.T) {
	_, err := (&StorageAccountExtension{}).ExportSecrets(context.Background(), &storage20230101s.StorageAccount{},
		nil, exporterClient(t), logr.Discard())
	if err == nil || !strings.Contains(err.Error(), "no resource ID") {
		t.Fatalf("got %v", err)
	}
}
