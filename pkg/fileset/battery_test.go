package fileset

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// listing names every file and folder under root with its content (folders: "dir"), so that
// a folder created and left empty shows.
func listing(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(name string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, name)
		if e.IsDir() {
			out[rel] = "dir"
			return nil
		}
		data, err := os.ReadFile(name)
		out[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameListing(t *testing.T, before, after map[string]string) {
	t.Helper()
	for k, v := range after {
		if w, ok := before[k]; !ok || w != v {
			t.Errorf("%s changed or appeared", k)
		}
	}
	for k := range before {
		if _, ok := after[k]; !ok {
			t.Errorf("%s disappeared", k)
		}
	}
}

// TestBatteryAbandonedRunLeavesTreeUnchanged: a run abandoned after files were put (generation
// failed during emission) renames nothing, removes no stale file and leaves no temporary file
// and no folder it created.
func TestBatteryAbandonedRunLeavesTreeUnchanged(t *testing.T) {
	root := t.TempDir()
	put(t, root, "api/a_gen.go", gen("type Old int"))
	put(t, root, "api/stale_gen.go", gen("type Stale int"))
	files := FileSet{"api/a_gen.go": gen("type New int"), "api/new/deep/b_gen.go": gen("type B int")}
	before := listing(t, root)
	w := NewWriter(root, Options{})
	must(t, w.Plan(files.Paths(), roots))
	for _, p := range files.Paths() {
		must(t, w.Put(p, files[p]))
	}
	if err := w.Abandon(); err != nil {
		t.Fatalf("Abandon: %v", err)
	}
	sameListing(t, before, listing(t, root))
	if _, err := os.Stat(filepath.Join(root, LockName)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("lock file left: %v", err)
	}
}

// TestBatteryDiskFullCountsEveryFileNotWritten: with every write failing (a full disk), the
// message counts all four changed files as not written, those found changed after the failure
// and those the run never compared included.
func TestBatteryDiskFullCountsEveryFileNotWritten(t *testing.T) {
	root := t.TempDir()
	files := FileSet{}
	for _, p := range []string{"api/a_gen.go", "api/b_gen.go", "api/c_gen.go", "api/d_gen.go"} {
		put(t, root, p, gen("type Old int"))
		files[p] = gen("type New int")
	}
	failed := make(chan struct{})
	disk := &fullDisk{failed: failed}
	opts := Options{wrap: func(io.Writer) io.Writer { return disk }}
	w := NewWriter(root, opts)
	must(t, w.Plan(files.Paths(), roots))
	must(t, w.Put("api/a_gen.go", files["api/a_gen.go"]))
	<-failed
	for _, p := range []string{"api/b_gen.go", "api/c_gen.go"} {
		_ = w.Put(p, files[p]) // found changed after the failure; d never arrives
	}
	_, err := w.Finish()
	var partial *PartialWriteError
	if !errors.As(err, &partial) || !strings.Contains(err.Error(), "no generated file was changed: 4 files were not written (3 found changed, 1 not compared") {
		t.Fatalf("message:\n%v", err)
	}
}

// fullDisk fails every write, saying so on failed at the first (a second write may start
// before the writer has recorded the first failure).
type fullDisk struct {
	failed chan struct{}
	once   sync.Once
}

func (f *fullDisk) Write([]byte) (int, error) {
	f.once.Do(func() { close(f.failed) })
	return 0, errors.New("no space left on device")
}
