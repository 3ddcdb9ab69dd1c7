package benchcorpus

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func opts(kinds, versions int, seed int64) Options {
	return Options{Kinds: kinds, Versions: versions, Seed: seed, AsogenDir: "../.."}
}

func mustFiles(t *testing.T, o Options) map[string][]byte {
	t.Helper()
	files, err := Files(o)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestDeterministicForSeed(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for _, dir := range []string{a, b} {
		if err := Write(dir, opts(47, 3, 7)); err != nil {
			t.Fatal(err)
		}
	}
	got, want := readTree(t, a), readTree(t, b)
	if len(got) != len(want) || len(got) < 100 {
		t.Fatalf("trees differ in size: %d and %d files", len(got), len(want))
	}
	for name, content := range want {
		if !bytes.Equal(got[name], content) {
			t.Errorf("%s differs between two writes with the same seed", name)
		}
	}
}

func TestSeedChangesShapes(t *testing.T) {
	a, b := mustFiles(t, opts(5, 2, 1)), mustFiles(t, opts(5, 2, 2))
	if !bytes.Equal(a["config.yaml"], b["config.yaml"]) {
		t.Error("config.yaml should not depend on the seed")
	}
	spec := "specs/specification/bench01/resource-manager/Microsoft.Bench01/stable/2022-03-01/amberVault.json"
	if bytes.Equal(a[spec], b[spec]) {
		t.Errorf("%s is the same for seeds 1 and 2", spec)
	}
}

func TestKindsGrowWithoutChangingEarlierKinds(t *testing.T) {
	small, large := mustFiles(t, opts(10, 2, 3)), mustFiles(t, opts(30, 2, 3))
	for name, content := range small {
		if strings.HasSuffix(name, ".json") && !bytes.Equal(large[name], content) {
			t.Errorf("%s changed when more kinds were added", name)
		}
	}
}

func TestSpecFilesAreJSON(t *testing.T) {
	for name, content := range mustFiles(t, opts(25, 2, 1)) {
		if !strings.HasSuffix(name, ".json") {
			continue
		}
		var doc map[string]any
		if err := json.Unmarshal(content, &doc); err != nil {
			t.Errorf("%s: %v", name, err)
		} else if doc["swagger"] != "2.0" {
			t.Errorf("%s: swagger = %v", name, doc["swagger"])
		}
	}
}

func TestCounts(t *testing.T) {
	const kinds, versions = 45, 3
	files := mustFiles(t, opts(kinds, versions, 1))
	groups := (kinds + KindsPerGroup - 1) / KindsPerGroup
	specs := countMatching(files, func(n string) bool { return strings.HasSuffix(n, ".json") })
	if want := (kinds + groups) * versions; specs != want {
		t.Errorf("spec files = %d, want %d (kinds + one common file per group, per version)", specs, want)
	}
	if got := strings.Count(string(files["config.yaml"]), "  - group: "); got != kinds {
		t.Errorf("config resources = %d, want %d", got, kinds)
	}
	if got := strings.Count(string(files["config.yaml"]), "    path: specification/"); got != groups {
		t.Errorf("config groups = %d, want %d", got, groups)
	}
}

func TestAboutThirtyPropertiesPerKind(t *testing.T) {
	files := mustFiles(t, opts(40, 3, 5))
	for _, k := range Plan(opts(40, 3, 5)).Kinds() {
		for v, version := range []string{"2021-03-01", "2022-03-01", "2023-03-01"} {
			doc := decode(t, files[specPath(k, version)])
			props := doc.defs()[k.Name+"Properties"].(map[string]any)["properties"].(map[string]any)
			if n := len(props); n < 25 || n > 32 {
				t.Errorf("%s %s: %d properties", k.Name, version, n)
			}
			if len(props) != len(k.PropsIn(v)) {
				t.Errorf("%s %s: %d properties in the file, %d planned", k.Name, version, len(props), len(k.PropsIn(v)))
			}
		}
	}
}

func countMatching(files map[string][]byte, match func(string) bool) int {
	return len(slices.DeleteFunc(slices.Collect(maps.Keys(files)), func(n string) bool { return !match(n) }))
}

func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		content, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = content
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGrowGivesTheNextCorpus: growing a written corpus of 20 kinds (a full group) gives exactly
// the corpus of 21 kinds, a new group included.
func TestGrowGivesTheNextCorpus(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, opts(KindsPerGroup, 2, 3)); err != nil {
		t.Fatal(err)
	}
	if err := Grow(dir, opts(KindsPerGroup, 2, 3)); err != nil {
		t.Fatal(err)
	}
	if got, want := readTree(t, dir), mustFiles(t, opts(KindsPerGroup+1, 2, 3)); !maps.EqualFunc(got, want, bytes.Equal) {
		t.Errorf("the grown corpus has %d files, the corpus of %d kinds %d (or other bytes)", len(got), KindsPerGroup+1, len(want))
	}
}
