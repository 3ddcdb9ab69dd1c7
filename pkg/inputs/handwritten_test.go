package inputs

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/asogen/asogen/pkg/config"
)

// memoryRecords keeps records in memory.
type memoryRecords struct {
	mu   sync.Mutex
	recs map[string][]byte
}

func (m *memoryRecords) Record(name string) ([]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	raw, ok := m.recs[name]
	return raw, ok
}

func (m *memoryRecords) StoreRecord(name string, data []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.recs[name] = data
}

// TestHandWrittenRecalledOnlyForTheSameFilesAndSettings: methods found once are taken from the
// records while the hand-written files and go settings are the same (go list, which fails with
// a GOROOT that does not exist, is not run); an edited file or another GOFLAGS sends the search
// to go list again.
func TestHandWrittenRecalledOnlyForTheSameFilesAndSettings(t *testing.T) {
	dir := copyProject(t)
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	recs := &memoryRecords{recs: map[string][]byte{}}
	first := HandWritten(cfg, os.Environ(), recs)
	if first.Err != nil || len(first.Methods) == 0 || first.Key == "" {
		t.Fatalf("first search: %d methods, key %q, err %v", len(first.Methods), first.Key, first.Err)
	}
	noGo := append(os.Environ(), "GOROOT="+filepath.Join(t.TempDir(), "none")) // go list fails; not a go setting of the key
	if again := HandWritten(cfg, noGo, recs); again.Err != nil || len(again.Methods) != len(first.Methods) {
		t.Errorf("same files: %d methods, err %v", len(again.Methods), again.Err)
	}
	if other := HandWritten(cfg, append(noGo, "GOFLAGS=-mod=mod"), recs); other.Err == nil {
		t.Error("other go settings: the methods were recalled")
	}
	file := filepath.Join(dir, "v2", "api", "kusto", "customizations", "cluster_extensions.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append(src, "\n// edited\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if edited := HandWritten(cfg, noGo, recs); edited.Err == nil || !strings.Contains(edited.Err.Error(), "go list") {
		t.Errorf("edited file: err %v", edited.Err)
	}
}

// copyProject copies testdata/wiring/project and the module's go.mod and go.sum into a
// temporary folder.
func copyProject(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	src := filepath.Join("..", "..", "testdata", "wiring", "project")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		return copyFile(p, filepath.Join(dst, rel))
	})
	for _, f := range []string{"go.mod", "go.sum"} {
		err = errorsJoin(err, copyFile(filepath.Join("..", "..", f), filepath.Join(dst, f)))
	}
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

func errorsJoin(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
