package customizations

import (
	"context"
	"testing"

	"github.com/go-logr/logr"

	storage20230101s "github.com/asogen/asogen/v2/api/storage/v1api20230101/storage"
)

func TestExtensionStorageAccountRecordsCreationTime(t *testing.T) {
	host := &StorageAccountExtension{}
	sa := &storage20230101s.StorageAccount{}
	created := "2026-11-24T22:00:00Z"
	sa.Status.CreationTime = &created
	if err := host.Success(context.Background(), sa, logr.Discard()); err != nil {
		t.Fatal(err)
	}
	if got := sa.GetAnnotations()[CreationTimeAnnotation]; got != created {
		t.Errorf("annotation %q, want %q", got, created)
	}
	without := &storage20230101s.StorageAccount{}
	if err := host.Success(context.Background(), without, logr.Discard()); err != nil || len(without.GetAnnotations()) != 0 {
		t.Errorf("no creation time reported: %v, annotations %v; want nothing recorded", err, without.GetAnnotations())
	}
}
