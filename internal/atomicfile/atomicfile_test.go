package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReplacesAndLeavesNoTemporaryFile(t *testing.T) {
	for name, write := range map[string]func(string, []byte, os.FileMode) error{"Write": Write, "WriteNoSync": WriteNoSync} {
		dir := t.TempDir()
		target := filepath.Join(dir, "a.go")
		if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := write(target, []byte("new"), 0o640); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := os.ReadFile(target)
		info, serr := os.Stat(target)
		if err != nil || serr != nil || string(got) != "new" || info.Mode().Perm() != 0o640 {
			t.Errorf("%s: %q %v %v %v", name, got, err, serr, info.Mode())
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("%s: %d files left, want 1", name, len(entries))
		}
	}
}

func TestWriteFailureLeavesTargetAlone(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "a.go")
	if err := os.Mkdir(target, 0o755); err != nil { // a folder cannot be replaced by a file
		t.Fatal(err)
	}
	if err := Write(target, []byte("new"), 0o644); err == nil {
		t.Fatal("replacing a folder succeeded")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 || !entries[0].IsDir() {
		t.Errorf("left %v", entries)
	}
}

func TestStagedFilesAreRecognised(t *testing.T) {
	dir := t.TempDir()
	tmp, info, err := Stage(filepath.Join(dir, "a_gen.go"), []byte("x"), 0o644, nil)
	if err != nil || info.Size() != 1 {
		t.Fatal(err, info)
	}
	if !IsTemp(filepath.Base(tmp)) {
		t.Errorf("%s is not recognised as a temporary file", tmp)
	}
	for name, want := range map[string]bool{".asogen-tmp.a_gen.go.123": true, ".a_gen.go.42.tmp": true,
		"a_gen.go": false, ".a_gen.go": false, ".manifest-1": false} {
		if IsTemp(name) != want {
			t.Errorf("IsTemp(%q) = %v", name, !want)
		}
	}
}
