package fileset

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/header"
)

func gen(body string) []byte {
	return []byte(header.Go + "\n\npackage x\n\n" + body + "\n")
}

// tree lists every file under root as slash paths.
func tree(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(name string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			rel, _ := filepath.Rel(root, name)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func put(t *testing.T, root, p string, content []byte) {
	t.Helper()
	name := filepath.Join(root, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, content, 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, root, p string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var roots = []string{"api"}

func TestWriteCreatesFilesAndFolders(t *testing.T) {
	root := t.TempDir()
	files := FileSet{"api/g/v1/a_gen.go": gen("type A int"), "reg/r_gen.go": gen("type R int")}
	sum, err := Write(root, files, roots, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"api/g/v1/a_gen.go", "reg/r_gen.go"}; !slices.Equal(sum.Written, want) {
		t.Errorf("Written = %v, want %v", sum.Written, want)
	}
	if got := read(t, root, "reg/r_gen.go"); got != string(files["reg/r_gen.go"]) {
		t.Errorf("content = %q", got)
	}
	if !strings.HasPrefix(sum.String(), "2 written, 0 unchanged, 0 removed in ") {
		t.Errorf("summary = %q", sum.String())
	}
}

func TestNoOpRunKeepsMtimes(t *testing.T) {
	root := t.TempDir()
	files := FileSet{"api/g/v1/a_gen.go": gen("type A int"), "api/g/v1/b_gen.go": gen("type B int")}
	if _, err := Write(root, files, roots, Options{}); err != nil {
		t.Fatal(err)
	}
	past := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	for _, p := range files.Paths() {
		if err := os.Chtimes(filepath.Join(root, p), past, past); err != nil {
			t.Fatal(err)
		}
	}
	files["api/g/v1/b_gen.go"] = gen("type B string")
	sum, err := Write(root, files, roots, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sum.Written, []string{"api/g/v1/b_gen.go"}) || !slices.Equal(sum.Unchanged, []string{"api/g/v1/a_gen.go"}) {
		t.Fatalf("summary = %+v", sum)
	}
	info, err := os.Stat(filepath.Join(root, "api/g/v1/a_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !info.ModTime().Equal(past) {
		t.Errorf("unchanged file's mtime moved to %v", info.ModTime())
	}
}

// failAfter lets n bytes through, then fails: a write interrupted half way.
type failAfter struct {
	w io.Writer
	n int
}

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		n, _ := f.w.Write(p[:f.n])
		return n, errors.New("disk full")
	}
	f.n -= len(p)
	return f.w.Write(p)
}

func TestInterruptedWriteLeavesOldFile(t *testing.T) {
	root := t.TempDir()
	old := gen("type A int")
	put(t, root, "api/a_gen.go", old)
	files := FileSet{"api/a_gen.go": gen("type A struct{ Name string }")}
	opts := Options{wrap: func(w io.Writer) io.Writer { return &failAfter{w: w, n: 20} }}
	_, err := Write(root, files, roots, opts)
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("err = %v, want the write failure", err)
	}
	if got := read(t, root, "api/a_gen.go"); got != string(old) {
		t.Errorf("target was modified by a failed write: %q", got)
	}
	if got := tree(t, root); !slices.Equal(got, []string{"api/a_gen.go"}) {
		t.Errorf("files after failed write = %v, want no temporary file left", got)
	}
}

func TestStaleGeneratedFileRemoved(t *testing.T) {
	root := t.TempDir()
	put(t, root, "api/g/v1/old_gen.go", gen("type Old int"))
	put(t, root, "api/g/v1/storage/old_gen.go", gen("type Old int"))
	put(t, root, "outside/gone_gen.go", gen("type Gone int")) // not under a root: left alone
	files := FileSet{"api/g/v2/new_gen.go": gen("type New int")}
	sum, err := Write(root, files, roots, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"api/g/v1/old_gen.go", "api/g/v1/storage/old_gen.go"}; !slices.Equal(sum.Removed, want) {
		t.Errorf("Removed = %v, want %v", sum.Removed, want)
	}
	if want := []string{"api/g/v2/new_gen.go", "outside/gone_gen.go"}; !slices.Equal(tree(t, root), want) {
		t.Errorf("tree = %v, want %v", tree(t, root), want)
	}
	if _, err := os.Stat(filepath.Join(root, "api/g/v1")); !os.IsNotExist(err) {
		t.Errorf("emptied folder api/g/v1 still there (err %v)", err)
	}
}

func TestRootKeptWhenEmptied(t *testing.T) {
	root := t.TempDir()
	put(t, root, "api/g/a_gen.go", gen("type A int"))
	if _, err := Write(root, FileSet{}, roots, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "api")); err != nil {
		t.Errorf("output root removed: %v", err)
	}
}

func TestHandWrittenFileUntouched(t *testing.T) {
	root := t.TempDir()
	hand := []byte("package g\n\n// looks generated by its name only\n")
	put(t, root, "api/g/customizations/x_gen.go", hand)
	put(t, root, "api/g/customizations/y.go", []byte("// Code generated by someone else. DO NOT EDIT.\n"))
	sum, err := Write(root, FileSet{"api/g/v1/a_gen.go": gen("type A int")}, roots, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Removed) != 0 {
		t.Errorf("Removed = %v", sum.Removed)
	}
	if got := read(t, root, "api/g/customizations/x_gen.go"); got != string(hand) {
		t.Errorf("hand-written file changed: %q", got)
	}
}

func TestRefusesToOverwriteHandWrittenFile(t *testing.T) {
	root := t.TempDir()
	hand := []byte("package g\n\nfunc Mine() {}\n")
	put(t, root, "api/g/a_gen.go", hand)
	files := FileSet{"api/g/a_gen.go": gen("type A int"), "api/g/b_gen.go": gen("type B int")}
	_, err := Write(root, files, roots, Options{})
	var list diag.List
	if !errors.As(err, &list) || len(list) != 1 || list[0].Pos.File != "api/g/a_gen.go" {
		t.Fatalf("err = %v, want one diag for api/g/a_gen.go", err)
	}
	if !strings.Contains(err.Error(), "will not overwrite a hand-written file") {
		t.Errorf("message = %q", err)
	}
	if got := read(t, root, "api/g/a_gen.go"); got != string(hand) {
		t.Errorf("hand-written file changed: %q", got)
	}
	if got := tree(t, root); !slices.Equal(got, []string{"api/g/a_gen.go"}) {
		t.Errorf("something was written despite the error: %v", got)
	}
}

func TestContentWithoutHeaderIsAnInternalError(t *testing.T) {
	root := t.TempDir()
	_, err := Write(root, FileSet{"api/a.go": []byte("package a\n")}, roots, Options{})
	var list diag.List
	if err == nil || errors.As(err, &list) {
		t.Fatalf("err = %v, want a plain (internal) error", err)
	}
	if len(tree(t, root)) != 0 {
		t.Error("file written without header")
	}
}

// TestParallelWritesStayAtomic writes many files on parallel writers, one of which fails: the
// error comes back, no target is replaced (files are renamed into place only once all are
// written), and no temporary file is left.
func TestParallelWritesStayAtomic(t *testing.T) {
	root := t.TempDir()
	files := FileSet{}
	for i := range 60 {
		p := fmt.Sprintf("api/g/v1/f%02d_gen.go", i)
		put(t, root, p, gen("type Old int"))
		files[p] = gen(fmt.Sprintf("type New%d int", i))
	}
	var calls atomic.Int32
	opts := Options{wrap: func(w io.Writer) io.Writer {
		if calls.Add(1) == 25 {
			return &failAfter{w: w, n: 20}
		}
		return w
	}}
	sum, err := Write(root, files, roots, opts)
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("err = %v, want the write failure", err)
	}
	if len(sum.Written) != 0 {
		t.Fatalf("Written = %v, err %v: a failed write must replace no file", sum.Written, err)
	}
	for p := range files {
		if got := read(t, root, p); got != string(gen("type Old int")) {
			t.Errorf("%s holds %q, want the old file", p, got)
		}
	}
	if got := tree(t, root); len(got) != len(files) {
		t.Errorf("%d files on disk, want %d (no temporary file left)", len(got), len(files))
	}
}
