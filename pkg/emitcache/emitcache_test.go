package emitcache

import (
	"crypto/sha256"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestReuseOnlyIdenticalBytes: a stored unit is reused while the output holds exactly its
// files; another key, another plan, an edited or a missing file is not.
func TestReuseOnlyIdenticalBytes(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	d := New(t.TempDir(), root)
	files := map[string][]byte{"api/a/v1/a_gen.go": []byte("package a\n"), "api/a/v1/b_gen.go": []byte("package a // b\n")}
	paths := []string{"api/a/v1/a_gen.go", "api/a/v1/b_gen.go"}
	sums := map[string][sha256.Size]byte{}
	for p, b := range files {
		sums[p] = sha256.Sum256(b)
		write(t, root, p, b)
	}
	if d.Reuse("k", paths) {
		t.Fatal("reuse from an empty cache")
	}
	if _, ok := d.Paths("k"); ok {
		t.Fatal("paths of a key never stored")
	}
	d.Store("k", sums)
	if got, ok := d.Paths("k"); !ok || !slices.Equal(got, paths) {
		t.Fatalf("stored paths %v, want %v", got, paths)
	}
	if !d.Reuse("k", paths) {
		t.Fatal("no reuse with every stored file on disk")
	}
	if d.Reuse("other", paths) || d.Reuse("k", paths[:1]) {
		t.Fatal("reuse with another key or another plan")
	}
	if !d.Reuse("k", paths) { // now from the sizes and times the first reuse recorded
		t.Fatal("no second reuse")
	}
	write(t, root, paths[1], []byte("package a // B\n")) // same size; the time set apart from the first write's
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(root, filepath.FromSlash(paths[1])), later, later); err != nil {
		t.Fatal(err)
	}
	if d.Reuse("k", paths) {
		t.Fatal("reuse although a file was edited (same size)")
	}
	write(t, root, paths[1], []byte("package a // edited\n"))
	if d.Reuse("k", paths) {
		t.Fatal("reuse although a file was edited")
	}
	if err := os.Remove(filepath.Join(root, filepath.FromSlash(paths[1]))); err != nil {
		t.Fatal(err)
	}
	if d.Reuse("k", paths) {
		t.Fatal("reuse although a file is missing")
	}
}

func TestFolderFromEnv(t *testing.T) {
	t.Parallel()
	env := func(v string) func(string) string { return func(string) string { return v } }
	if dir := FolderFromEnv(env("off")); dir != "" || New(dir, "root") != nil {
		t.Errorf("ASOGEN_CACHE=off gives cache folder %q", dir)
	}
	if dir := FolderFromEnv(env("/tmp/c")); dir != "/tmp/c" {
		t.Errorf("ASOGEN_CACHE=/tmp/c gives %q", dir)
	}
}

func write(t *testing.T, root, p string, b []byte) {
	t.Helper()
	name := filepath.Join(root, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
