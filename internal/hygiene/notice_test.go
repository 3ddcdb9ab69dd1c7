package hygiene

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the module root: this package is internal/hygiene.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod at %s: %v", root, err)
	}
	return root
}

// allEntries parses every SOURCES file of the repository; there are at least two.
func allEntries(t *testing.T, root string) []Entry {
	t.Helper()
	files, err := FindSources(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 2 {
		t.Fatalf("found SOURCES files %v; want specs/SOURCES.md and testdata/realspecs/SOURCES.md at least", files)
	}
	var entries []Entry
	for _, f := range files {
		got, err := ParseSources(root, f)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == 0 {
			t.Errorf("%s lists no file", f)
		}
		entries = append(entries, got...)
	}
	return entries
}

func readNotice(t *testing.T, root string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "NOTICE"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestHygieneNoticeCoversSources(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	notice := readNotice(t, root)
	entries := allEntries(t, root)
	for _, e := range Unnamed(notice, entries) {
		t.Errorf("%s:%d lists %s (%s at %s); NOTICE has no line naming that path and commit", e.Sources, e.Line, e.Path, e.Repository, e.Commit)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		if !seen[e.Sources] && !strings.Contains(notice, e.Sources) {
			t.Errorf("NOTICE does not point at %s", e.Sources)
		}
		seen[e.Sources] = true
	}
}

// Every file below a SOURCES file's specification/ folder is third-party material: NOTICE names it
// whether SOURCES lists it as a verbatim copy or not (specs/ holds derived files too).
func TestHygieneNoticeNamesEveryVendoredFile(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	notice := readNotice(t, root)
	files, err := FindSources(root)
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, line := range strings.Split(notice, "\n") {
		for _, f := range strings.Fields(line) {
			named[f] = true
		}
	}
	for _, f := range files {
		dir := filepath.Join(root, filepath.FromSlash(path.Dir(f)), "specification")
		if _, err := os.Stat(dir); err != nil {
			continue // a SOURCES file whose copies are not kept below specification/
		}
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			if !named[filepath.ToSlash(rel)] {
				t.Errorf("%s is not named in NOTICE (third-party material beside %s)", filepath.ToSlash(rel), f)
			}
			return nil
		})
		if err != nil {
			t.Error(err)
		}
	}
}

// A SOURCES entry with a SHA-256 is a verbatim copy: the file must still have those bytes.
func TestHygieneSourcesMatchFiles(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	for _, e := range allEntries(t, root) {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(e.Path)))
		if err != nil {
			t.Errorf("%s:%d: %v", e.Sources, e.Line, err)
			continue
		}
		sum := sha256.Sum256(data)
		if e.SHA256 != "" && hex.EncodeToString(sum[:]) != e.SHA256 {
			t.Errorf("%s:%d: %s has SHA-256 %x, the record says %s", e.Sources, e.Line, e.Path, sum, e.SHA256)
		}
	}
}
