package fileset

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/asogen/asogen/pkg/diag"
)

// TestWriterRefusesAtPlan: a hand-written file at the last planned path refuses the run at Plan,
// before the first file arrives; nothing is written.
func TestWriterRefusesAtPlan(t *testing.T) {
	root := t.TempDir()
	put(t, root, "api/z_gen.go", []byte("package api\n"))
	w := NewWriter(root, Options{})
	err := w.Plan([]string{"api/a_gen.go", "api/z_gen.go"}, roots)
	var list diag.List
	if !errors.As(err, &list) || len(list) != 1 || list[0].Pos.File != "api/z_gen.go" {
		t.Fatalf("Plan err = %v, want one diag for api/z_gen.go", err)
	}
	if err := w.Put("api/a_gen.go", gen("type A int")); err == nil {
		t.Error("Put accepted after a refused Plan")
	}
	if _, err := w.Finish(); err == nil {
		t.Error("Finish after a refused Plan reported success")
	}
	if got := tree(t, root); !slices.Equal(got, []string{"api/z_gen.go"}) {
		t.Errorf("tree = %v, want only the hand-written file", got)
	}
}

// TestWriterUnchangedIsNotTouched: a file reported unchanged is counted, not read or written.
func TestWriterUnchangedIsNotTouched(t *testing.T) {
	root := t.TempDir()
	put(t, root, "api/a_gen.go", gen("type A int"))
	past := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(root, "api/a_gen.go"), past, past); err != nil {
		t.Fatal(err)
	}
	w := NewWriter(root, Options{})
	w.Vouch([]string{"api/a_gen.go"})
	if err := w.Plan([]string{"api/a_gen.go", "api/b_gen.go"}, roots); err != nil {
		t.Fatal(err)
	}
	if err := w.Put("api/b_gen.go", gen("type B int")); err != nil {
		t.Fatal(err)
	}
	sum, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sum.Unchanged, []string{"api/a_gen.go"}) || !slices.Equal(sum.Written, []string{"api/b_gen.go"}) {
		t.Errorf("summary = %+v", sum)
	}
	if info, err := os.Stat(filepath.Join(root, "api/a_gen.go")); err != nil || !info.ModTime().Equal(past) {
		t.Errorf("unchanged file touched (%v)", err)
	}
}

// TestWriterHoldsToThePlan: an unplanned path and a path put twice are refused; a run cut short
// (a planned file never arrived) removes no stale file.
func TestWriterHoldsToThePlan(t *testing.T) {
	root := t.TempDir()
	put(t, root, "api/stale_gen.go", gen("type S int"))
	w := NewWriter(root, Options{})
	if err := w.Plan([]string{"api/a_gen.go", "api/b_gen.go"}, roots); err != nil {
		t.Fatal(err)
	}
	if err := w.Put("api/c_gen.go", gen("type C int")); err == nil || !strings.Contains(err.Error(), "not planned") {
		t.Errorf("unplanned Put: err = %v", err)
	}
	if err := w.Put("api/a_gen.go", gen("type A int")); err != nil {
		t.Fatal(err)
	}
	if err := w.Put("api/a_gen.go", gen("type A int")); err == nil {
		t.Error("a path arrived twice without an error")
	}
	sum, err := w.Finish()
	if err == nil || !strings.Contains(err.Error(), "1 planned files never arrived") {
		t.Errorf("Finish err = %v", err)
	}
	if len(sum.Removed) != 0 || !slices.Equal(tree(t, root), []string{"api/a_gen.go", "api/stale_gen.go"}) {
		t.Errorf("removed %v; tree %v", sum.Removed, tree(t, root))
	}
}

// TestVerifierStreams compares files as they arrive: vouched paths are no drift, whatever the
// disk holds.
func TestVerifierStreams(t *testing.T) {
	root := t.TempDir()
	put(t, root, "api/a_gen.go", gen("type A int"))
	put(t, root, "api/b_gen.go", gen("type B int"))
	v := NewVerifier(root)
	v.Vouch([]string{"api/a_gen.go"})
	if err := v.Plan([]string{"api/a_gen.go", "api/b_gen.go", "api/c_gen.go"}, roots); err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{v.Put("api/c_gen.go", gen("type C int")), v.Put("api/b_gen.go", gen("type B string"))} {
		if err != nil {
			t.Fatal(err)
		}
	}
	drift, err := v.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if drift.Summary() != "1 changed, 1 missing, 0 stale" || drift.Changed["api/b_gen.go"] == "" {
		t.Errorf("drift = %+v", drift)
	}
}

// TestMemoryKeepsVouchedPaths: the in-memory sink keeps what is put and the paths vouched for.
func TestMemoryKeepsVouchedPaths(t *testing.T) {
	m := NewMemory("")
	m.Vouch([]string{"api/a_gen.go"})
	if err := m.Put("api/b_gen.go", gen("type B int")); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.Vouched, []string{"api/a_gen.go"}) || len(m.Files) != 1 {
		t.Errorf("files = %v, vouched %v", m.Files.Paths(), m.Vouched)
	}
}
