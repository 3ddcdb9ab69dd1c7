package customizations

import (
	"context"

	"github.com/go-logr/logr"

	storage20230101s "github.com/asogen/asogen/v2/api/storage/v1api20230101/storage"
)

// CreationTimeAnnotation records when Azure created the storage account, as Azure reported it on
// the first successful reconcile. An account deleted and re-created under the same name (its
// data gone) then shows a different status.creationTime than this annotation.
const CreationTimeAnnotation = "storage.azure.com/creation-time"

// HandleCreation is the SuccessfulCreationHandler of storage StorageAccount: it records the
// account's creation time once, after the account was first created in Azure.
func (ext *StorageAccountExtension) HandleCreation(
	ctx context.Context,
	storageAccount *storage20230101s.StorageAccount,
	log logr.Logger,
) error {
	created := storageAccount.Status.CreationTime
	if created == nil || *created == "" {
		log.V(1).Info("Azure reported no creation time for the storage account")
		return nil
	}
	annotations := storageAccount.GetAnnotations()
	if annotations == nil {
		annotations = map[string]string{}
	}
	annotations[CreationTimeAnnotation] = *created
	storageAccount.SetAnnotations(annotations)
	return nil
}
