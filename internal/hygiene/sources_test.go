package hygiene

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const commitA = "1258db425f3d7624946a95aa074a40a8e82c7bae"

func writeSources(t *testing.T, text string) string {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "third"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "third", "SOURCES.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestHygieneParseSources(t *testing.T) {
	t.Parallel()
	root := writeSources(t, "Copies from **Owner/repo**.\n\n| # | Path | Commit |\n|---|---|---|\n"+
		"| 1 | `specification/a.json` | `"+commitA+"` |\n| 2 | `specification/b.json` | `"+commitA+"` |\n")
	files, err := FindSources(root)
	if err != nil || len(files) != 1 || files[0] != "third/SOURCES.md" {
		t.Fatalf("FindSources = %v, %v", files, err)
	}
	entries, err := ParseSources(root, files[0])
	if err != nil || len(entries) != 2 {
		t.Fatalf("ParseSources = %+v, %v", entries, err)
	}
	if e := entries[0]; e.Path != "third/specification/a.json" || e.Commit != commitA || e.Repository != "Owner/repo" || e.Line != 5 {
		t.Errorf("entry = %+v", e)
	}
	full := "Owner/repo\n    " + commitA + "  third/specification/a.json\n    " + commitA + "  third/specification/b.json\n"
	if missing := Unnamed(full, entries); len(missing) != 0 {
		t.Errorf("a NOTICE naming both files misses %+v", missing)
	}
	// The NOTICE test fails when a listed file loses its line, its commit, or its repository.
	withoutB := strings.Replace(full, "third/specification/b.json", "third/specification/b.json.orig", 1)
	if missing := Unnamed(withoutB, entries); len(missing) != 1 || missing[0].Path != "third/specification/b.json" {
		t.Errorf("a NOTICE without b.json: missing %+v", missing)
	}
	if missing := Unnamed(strings.ReplaceAll(full, commitA, "0123"), entries); len(missing) != 2 {
		t.Errorf("a NOTICE with other commits: missing %+v", missing)
	}
	if missing := Unnamed(strings.Replace(full, "Owner/repo\n", "", 1), entries); len(missing) != 2 {
		t.Errorf("a NOTICE without the repository: missing %+v", missing)
	}
}

// A file copied from a Go module's source names the module and version instead of a commit.
func TestHygieneParseSourcesModuleVersion(t *testing.T) {
	t.Parallel()
	const mod = "github.com/owner/repo@v1.21.2"
	root := writeSources(t, "From the Go module of **owner/repo**.\n| 1 | `crds/a.yaml` | `"+mod+"` | `deploy/crds/a.yaml` |\n")
	entries, err := ParseSources(root, "third/SOURCES.md")
	if err != nil || len(entries) != 1 {
		t.Fatalf("ParseSources = %+v, %v", entries, err)
	}
	if e := entries[0]; e.Path != "third/crds/a.yaml" || e.Commit != mod {
		t.Errorf("entry = %+v", e)
	}
	if missing := Unnamed("owner/repo\n    "+mod+"  third/crds/a.yaml\n", entries); len(missing) != 0 {
		t.Errorf("a NOTICE naming the file misses %+v", missing)
	}
}

func TestHygieneParseSourcesRejects(t *testing.T) {
	t.Parallel()
	for name, text := range map[string]string{
		"a row without commit":     "From **Owner/repo**.\n| 1 | `specification/a.json` | main |\n",
		"no repository in bold":    "| 1 | `specification/a.json` | `" + commitA + "` |\n",
		"a module without version": "From **Owner/repo**.\n| 1 | `crds/a.yaml` | `github.com/owner/repo@latest` |\n",
	} {
		root := writeSources(t, text)
		if _, err := ParseSources(root, "third/SOURCES.md"); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
