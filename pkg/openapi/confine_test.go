package openapi

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/asogen/asogen/pkg/diag"
)

// failingFS fails every read with an I/O error.
type failingFS struct{ fstest.MapFS }

func (failingFS) Open(string) (fs.File, error) { return nil, syscall.EIO }

// TestReadFailureIsInternal: a spec file that cannot be read is an I/O problem (exit 3), not a
// problem of the spec.
func TestReadFailureIsInternal(t *testing.T) {
	t.Parallel()
	h := newFuzzHarness(t)
	h.fs[h.path] = &fstest.MapFile{Data: []byte(fuzzSeeds()[0])}
	_, err := build(h.cfg, newLoader(Specs{FS: failingFS{h.fs}, WorkDir: h.root}, h.root))
	var list diag.List
	if !errors.As(err, &list) || !list.Internal() || !strings.Contains(err.Error(), "input/output error") {
		t.Fatalf("got %v", err)
	}
}
