package customizations

import (
	"context"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"

	storage20230101s "github.com/asogen/asogen/v2/api/storage/v1api20230101/storage"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
)

// storageKeys is what a storage account's listKeys action answers.
type storageKeys struct {
	Keys []struct {
		KeyName string `json:"keyName"`
		Value   string `json:"value"`
	} `json:"keys"`
}

// ExportSecrets is the KubernetesSecretExporter of storage StorageAccount: listKeys answers a
// list of {keyName, value}, which the config's action cannot name, so this exports each key by
// its name (key1, key2) beside any values it was given.
func (ext *StorageAccountExtension) ExportSecrets(
	ctx context.Context,
	storageAccount *storage20230101s.StorageAccount,
	values extensions.SecretValues,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
) (extensions.SecretValues, error) {
	id, ok := genruntime.GetResourceID(storageAccount)
	if !ok {
		return nil, errors.New("the storage account has no resource ID yet")
	}
	var keys storageKeys
	if err := armClient.PostAction(ctx, id, "listKeys", storageAccount.GetAPIVersion(), &keys); err != nil {
		return nil, errors.Wrap(err, "listing the storage account's keys")
	}
	out := extensions.SecretValues{}
	for name, v := range values {
		out[name] = v
	}
	for _, k := range keys.Keys {
		out[k.KeyName] = k.Value
	}
	log.V(1).Info("Listed the storage account's keys", "keys", len(keys.Keys))
	return out, nil
}
