package fileset

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestWriterStampsAreTheFilesOnDisk: after Finish the Writer knows the size and modification
// time of each file it wrote or found unchanged, exactly as a stat of the file gives them, so a
// cache can take the file as checked without hashing it; a file it was told is unchanged (and
// did not read) has no stamp.
func TestWriterStampsAreTheFilesOnDisk(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	put(t, root, "api/g/v1/same_gen.go", gen("type Same int"))
	put(t, root, "api/g/v1/changed_gen.go", gen("type Changed int"))
	put(t, root, "api/g/v1/vouched_gen.go", gen("type Vouched int"))
	past := time.Date(2001, 2, 3, 4, 5, 6, 7, time.UTC)
	for _, p := range []string{"api/g/v1/same_gen.go", "api/g/v1/changed_gen.go"} {
		if err := os.Chtimes(filepath.Join(root, filepath.FromSlash(p)), past, past); err != nil {
			t.Fatal(err)
		}
	}
	w := NewWriter(root, Options{})
	w.Vouch([]string{"api/g/v1/vouched_gen.go"})
	paths := []string{"api/g/v1/changed_gen.go", "api/g/v1/new_gen.go", "api/g/v1/same_gen.go", "api/g/v1/vouched_gen.go"}
	if err := w.Plan(paths, roots); err != nil {
		t.Fatal(err)
	}
	for p, content := range map[string][]byte{
		"api/g/v1/changed_gen.go": gen("type Changed string"),
		"api/g/v1/new_gen.go":     gen("type New int"),
		"api/g/v1/same_gen.go":    gen("type Same int"),
	} {
		if err := w.Put(p, content); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Finish(); err != nil {
		t.Fatal(err)
	}
	stamps := w.Stamps()
	if len(stamps) != 3 {
		t.Errorf("stamps of %d files, want the 3 written or compared: %v", len(stamps), stamps)
	}
	if _, ok := stamps["api/g/v1/vouched_gen.go"]; ok {
		t.Error("a file the writer did not read has a stamp")
	}
	for _, p := range paths[:3] {
		info, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := stamps[p], stampOf(info); got != want {
			t.Errorf("%s: stamp %+v, the file on disk has %+v", p, got, want)
		}
	}
	if stamps["api/g/v1/same_gen.go"].ModTime != past.UnixNano() {
		t.Error("the unchanged file's stamp is not the one it kept")
	}
}
