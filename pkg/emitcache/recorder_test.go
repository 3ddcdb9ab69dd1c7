package emitcache

import (
	"crypto/sha256"
	"testing"

	"github.com/asogen/asogen/pkg/fileset"
)

type storeFunc func(key string, files map[string][sha256.Size]byte)

func (f storeFunc) Store(key string, files map[string][sha256.Size]byte) { f(key, files) }

func TestRecorderStoresOnlyUnitsWhoseFilesWerePut(t *testing.T) {
	mem := fileset.NewMemory("")
	r := NewRecorder(mem)
	if err := r.Put("a/x.go", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if string(mem.Files["a/x.go"]) != "x" {
		t.Fatal("the file did not reach the sink")
	}
	stored := map[string]map[string][sha256.Size]byte{}
	c := storeFunc(func(key string, files map[string][sha256.Size]byte) { stored[key] = files })
	r.StoreUnit(c, "a", []string{"a/x.go"})
	r.StoreUnit(c, "b", []string{"a/x.go", "b/y.go"})
	if len(stored) != 1 || stored["a"]["a/x.go"] != sha256.Sum256([]byte("x")) {
		t.Errorf("stored %v, want unit a only with the file's hash", stored)
	}
}
