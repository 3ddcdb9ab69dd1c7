package fileset

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestPartialWriteNamedAndRepaired: a write failing part way (a folder turned into a file after
// the plan, so creating the target fails for real) reports which files were replaced and which
// not; a later successful run writes the rest and verify is clean again.
func TestPartialWriteNamedAndRepaired(t *testing.T) {
	root := t.TempDir()
	files := FileSet{}
	for _, p := range []string{"api/a_gen.go", "api/b_gen.go", "api/blocked/c_gen.go"} {
		put(t, root, p, gen("type Old int"))
		files[p] = gen("type New int")
	}
	w := NewWriter(root, Options{})
	must(t, w.Plan(files.Paths(), roots))
	must(t, os.RemoveAll(filepath.Join(root, "api", "blocked")))
	put(t, root, "api/blocked", []byte("not a folder"))
	for _, p := range files.Paths() {
		_ = w.Put(p, files[p]) // the blocked write fails in a writer; Put may report it
	}
	_, err := w.Finish()
	var partial *PartialWriteError
	if !errors.As(err, &partial) || !slices.Contains(partial.NotWritten, "api/blocked/c_gen.go") ||
		len(partial.Replaced)+len(partial.NotWritten) != 3 {
		t.Fatalf("want a PartialWriteError naming every file, got %v", err)
	}
	for _, p := range partial.Replaced {
		if !strings.Contains(err.Error(), "replaced: "+p) || read(t, root, p) != string(files[p]) {
			t.Errorf("%s: not named or not replaced", p)
		}
	}
	if !strings.Contains(err.Error(), "not written: api/blocked/c_gen.go") || !strings.Contains(err.Error(), "run asogen generate again") {
		t.Errorf("message:\n%v", err)
	}
	must(t, os.Remove(filepath.Join(root, "api", "blocked")))
	if _, err := Write(root, files, roots, Options{}); err != nil {
		t.Fatal(err)
	}
	if drift, err := Verify(root, files, roots); err != nil || !drift.Empty() {
		t.Fatalf("after the repairing run: %v %s", err, drift)
	}
}

// TestLeftoverTempFilesReportedAndRemoved: temporary files recognised by name (empty ones, as a
// kill between creating and writing leaves them, and those of earlier versions) are reported by
// verify and removed by the next write, while a hand-written dot file is left alone.
func TestLeftoverTempFilesReportedAndRemoved(t *testing.T) {
	root := t.TempDir()
	files := FileSet{"api/a_gen.go": gen("type A int")}
	put(t, root, "api/a_gen.go", files["api/a_gen.go"])
	leftovers := []string{"api/.a_gen.go.123456.tmp", "api/sub/" + ".asogen-tmp." + "b_gen.go.987"}
	for _, p := range leftovers {
		put(t, root, p, nil)
	}
	put(t, root, "api/.keep", []byte("mine"))
	drift, err := Verify(root, files, roots)
	if err != nil || !slices.Equal(drift.Leftover, leftovers) || !strings.Contains(drift.String(), "leftover: "+leftovers[1]) || drift.Empty() {
		t.Fatalf("verify: %v %+v", err, drift)
	}
	sum, err := Write(root, files, roots, Options{})
	if err != nil || !slices.Equal(sum.Removed, leftovers) {
		t.Fatalf("write: %v, removed %v", err, sum.Removed)
	}
	if got := tree(t, root); !slices.Equal(got, []string{"api/.keep", "api/a_gen.go"}) {
		t.Errorf("tree after the write: %v", got)
	}
}

// TestSecondRunWaitsForTheLock: a run finding the tree locked says so once, waits, and gives up
// after its timeout with a message naming the lock; it proceeds once the lock is released, and
// the lock file is gone afterwards.
func TestSecondRunWaitsForTheLock(t *testing.T) {
	root := t.TempDir()
	files := FileSet{"api/a_gen.go": gen("type A int")}
	held, err := AcquireLock(root, LockOptions{})
	must(t, err)
	var waited []string
	opts := Options{Lock: LockOptions{Timeout: 150 * time.Millisecond, OnWait: func(p string) { waited = append(waited, p) }}}
	_, err = Write(root, files, roots, opts)
	if err == nil || !strings.Contains(err.Error(), "another asogen run has held "+filepath.Join(root, LockName)) || len(waited) != 1 {
		t.Fatalf("locked tree: %v, waited %v", err, waited)
	}
	if got := tree(t, root); !slices.Equal(got, []string{LockName}) {
		t.Fatalf("the refused run wrote %v", got)
	}
	go func() {
		time.Sleep(100 * time.Millisecond)
		held.Release()
	}()
	opts.Lock.Timeout = time.Minute
	if _, err := Write(root, files, roots, opts); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, root); !slices.Equal(got, []string{"api/a_gen.go"}) {
		t.Errorf("tree after the run: %v", got)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestVerifyWithoutALockFile: a Verifier on a tree where the lock file cannot be created (here
// a folder is in its way; a read-only tree is the real case) still verifies, while a Writer
// refuses to write unlocked.
func TestVerifyWithoutALockFile(t *testing.T) {
	root := t.TempDir()
	files := FileSet{"api/a_gen.go": gen("type A int")}
	put(t, root, "api/a_gen.go", files["api/a_gen.go"])
	must(t, os.Mkdir(filepath.Join(root, LockName), 0o755))
	if drift, err := Verify(root, files, roots); err != nil || !drift.Empty() {
		t.Fatalf("verify: %v %s", err, drift)
	}
	if _, err := Write(root, files, roots, Options{}); err == nil || !strings.Contains(err.Error(), "cannot create the lock file") {
		t.Fatalf("write without a lock: %v", err)
	}
}
