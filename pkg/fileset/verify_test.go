package fileset

import (
	"slices"
	"strings"
	"testing"
)

func TestVerifyReportsDiffMissingAndStale(t *testing.T) {
	root := t.TempDir()
	put(t, root, "api/g/changed_gen.go", gen("type A int"))
	put(t, root, "api/g/same_gen.go", gen("type S int"))
	put(t, root, "api/g/stale_gen.go", gen("type Old int"))
	put(t, root, "api/g/hand.go", []byte("package g\n"))
	files := FileSet{
		"api/g/changed_gen.go": gen("type A string"),
		"api/g/same_gen.go":    gen("type S int"),
		"api/g/missing_gen.go": gen("type M int"),
	}
	before := tree(t, root)
	drift, err := Verify(root, files, roots)
	if err != nil {
		t.Fatal(err)
	}
	if drift.Empty() {
		t.Fatal("drift reported empty")
	}
	wantDiff := "--- a/api/g/changed_gen.go\n+++ b/api/g/changed_gen.go\n@@ -2,4 +2,4 @@\n \n package x\n \n-type A int\n+type A string\n"
	if got := drift.Changed["api/g/changed_gen.go"]; got != wantDiff {
		t.Errorf("diff =\n%s\nwant\n%s", got, wantDiff)
	}
	if len(drift.Changed) != 1 {
		t.Errorf("Changed = %v", drift.Changed)
	}
	if !slices.Equal(drift.Missing, []string{"api/g/missing_gen.go"}) || !slices.Equal(drift.Stale, []string{"api/g/stale_gen.go"}) {
		t.Errorf("Missing = %v, Stale = %v", drift.Missing, drift.Stale)
	}
	out := drift.String()
	for _, want := range []string{wantDiff, "missing: api/g/missing_gen.go", "stale: api/g/stale_gen.go"} {
		if !strings.Contains(out, want) {
			t.Errorf("rendered drift lacks %q:\n%s", want, out)
		}
	}
	if drift.Summary() != "1 changed, 1 missing, 1 stale" {
		t.Errorf("Summary = %q", drift.Summary())
	}
	if after := tree(t, root); !slices.Equal(after, before) {
		t.Errorf("Verify changed the tree: %v -> %v", before, after)
	}
}

func TestVerifyAfterWriteIsEmpty(t *testing.T) {
	root := t.TempDir()
	files := FileSet{"api/g/a_gen.go": gen("type A int"), "api/g/b_gen.go": gen("type B int")}
	if _, err := Write(root, files, roots, Options{}); err != nil {
		t.Fatal(err)
	}
	drift, err := Verify(root, files, roots)
	if err != nil {
		t.Fatal(err)
	}
	if !drift.Empty() || drift.String() != "" {
		t.Errorf("drift after write: %s", drift.String())
	}
}

func TestVerifyShowsHandWrittenConflictAsChanged(t *testing.T) {
	root := t.TempDir()
	put(t, root, "api/a_gen.go", []byte("package a\n"))
	drift, err := Verify(root, FileSet{"api/a_gen.go": gen("type A int")}, roots)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := drift.Changed["api/a_gen.go"]; !ok {
		t.Errorf("conflict not reported: %+v", drift)
	}
}
