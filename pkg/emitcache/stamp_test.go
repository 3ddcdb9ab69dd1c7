package emitcache

import (
	"crypto/sha256"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/asogen/asogen/pkg/fileset"
)

// TestStampSparesTheFirstReuseTheHashing: without stamps, the first Reuse after Store hashes
// every file (a file edited behind a kept size and time is caught); with the stamps the writer
// took, Stamp records them and the first Reuse only stats. The edit is made invisible to a stat
// on purpose: it shows which of the two Reuse did.
func TestStampSparesTheFirstReuseTheHashing(t *testing.T) {
	t.Parallel()
	for _, stamped := range []bool{false, true} {
		root := t.TempDir()
		d := New(t.TempDir(), root)
		p := "api/a/v1/a_gen.go"
		write(t, root, p, []byte("package a // 1\n"))
		name := filepath.Join(root, filepath.FromSlash(p))
		written, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		d.Store("k", map[string][sha256.Size]byte{p: sha256.Sum256([]byte("package a // 1\n"))})
		if stamped {
			d.Stamp(map[string]fileset.Stamp{p: {Size: written.Size(), ModTime: written.ModTime().UnixNano()}})
		}
		write(t, root, p, []byte("package a // 2\n")) // same size
		if err := os.Chtimes(name, time.Now(), written.ModTime()); err != nil {
			t.Fatal(err)
		}
		if got := d.Reuse("k", []string{p}); got != stamped {
			t.Errorf("stamped %v: Reuse = %v; want a hash (false) without stamps, a stat (true) with them", stamped, got)
		}
	}
}
