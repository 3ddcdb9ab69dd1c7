package fileset

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/header"
)

func TestPathEscapeRejected(t *testing.T) {
	tests := []struct{ path, msg string }{
		{"../../x/a_gen.go", "escapes the project root"},
		{"api/../../a_gen.go", "escapes the project root"},
		{"/etc/a_gen.go", "must be relative"},
		{`api\a_gen.go`, "forward slashes"},
		{"api/./a_gen.go", "not clean"},
		{"", "empty output path"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			root := t.TempDir()
			files := FileSet{tt.path: gen("type A int"), "api/ok_gen.go": gen("type B int")}
			assertRejected(t, root, files, tt.path, tt.msg)
		})
	}
}

func TestSymlinkEscapeRejected(t *testing.T) {
	outside := t.TempDir()
	root := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, "api")); err != nil {
		t.Fatal(err)
	}
	files := FileSet{"api/g/a_gen.go": gen("type A int")}
	assertRejected(t, root, files, "api/g/a_gen.go", "through symlink api -> ")
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("wrote outside the project: %v", entries)
	}
}

func TestSymlinkTargetRejected(t *testing.T) {
	root := t.TempDir()
	put(t, root, "api/real_gen.go", gen("type A int"))
	if err := os.Symlink("real_gen.go", filepath.Join(root, "api/link_gen.go")); err != nil {
		t.Fatal(err)
	}
	files := FileSet{"api/link_gen.go": gen("type A int"), "api/real_gen.go": gen("type A int")}
	assertRejected(t, root, files, "api/link_gen.go", "is a symlink")
}

func TestSymlinkInsideProjectAllowed(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(root, "api")); err != nil {
		t.Fatal(err)
	}
	put(t, root, "real/stale_gen.go", gen("type S int"))
	sum, err := Write(root, FileSet{"api/a_gen.go": gen("type A int")}, []string{"api"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Removed) != 1 || sum.Removed[0] != "api/stale_gen.go" {
		t.Errorf("Removed = %v", sum.Removed)
	}
	if got := read(t, root, "real/a_gen.go"); !header.IsGenerated([]byte(got)) {
		t.Errorf("not written through the symlink: %q", got)
	}
}

func TestRootEscapeRejected(t *testing.T) {
	root := t.TempDir()
	_, err := Write(root, FileSet{}, []string{"../elsewhere"}, Options{})
	if err == nil || !strings.Contains(err.Error(), "../elsewhere: output root: output path escapes the project root") {
		t.Fatalf("err = %v", err)
	}
}

// assertRejected checks that Write and Verify both report bad as a diag naming it, and that
// Write wrote nothing at all.
func assertRejected(t *testing.T, root string, files FileSet, bad, msg string) {
	t.Helper()
	before := tree(t, root)
	_, err := Write(root, files, roots, Options{})
	var list diag.List
	if !errors.As(err, &list) || !hasDiag(list, bad, msg) {
		t.Fatalf("Write err = %v, want a diag for %q containing %q", err, bad, msg)
	}
	if after := tree(t, root); len(after) != len(before) {
		t.Errorf("Write wrote files despite the error: %v", after)
	}
	if _, err := Verify(root, files, roots); !errors.As(err, &list) || !hasDiag(list, bad, msg) {
		t.Errorf("Verify err = %v, want a diag for %q", err, bad)
	}
}

func hasDiag(list diag.List, file, msg string) bool {
	for _, e := range list {
		if e.Pos.File == file && strings.Contains(e.Msg, msg) {
			return true
		}
	}
	return false
}
