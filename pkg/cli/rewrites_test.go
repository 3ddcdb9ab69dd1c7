package cli

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/asogen/asogen/internal/benchcorpus"
)

// TestEditAndAddRewriteOnlyTheirFiles: with the cache, adding a property to one kind's spec
// rewrites files of that kind only (and its packages' deepcopy files), and adding a kind writes
// that kind's files and, besides them, only its group's shared files (the group's part of the
// registry, the API versions' group registration and deepcopy files) and the manifests that list
// every kind (the CRD kustomization, the webhook configurations, the role).
func TestEditAndAddRewriteOnlyTheirFiles(t *testing.T) {
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	opts := benchcorpus.Options{Kinds: benchcorpus.KindsPerGroup + 3, Versions: 2, Seed: 3, AsogenDir: root}
	if err := benchcorpus.Write(dir, opts); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ASOGEN_CACHE", t.TempDir())
	cfg := filepath.Join(dir, "config.yaml")
	generate := func() []string {
		stdout, _ := mustRun(t, ExitOK, "generate", "-v", "--config", cfg)
		var written []string
		for _, line := range strings.Split(stdout, "\n") {
			if p, ok := strings.CutPrefix(line, "written "); ok {
				written = append(written, strings.TrimSpace(p))
			}
		}
		return written
	}
	generate()

	spec := filepath.Join(dir, "specs", "specification", "bench01", "resource-manager", "Microsoft.Bench01", "stable", "2021-03-01")
	kind := firstSpecKind(t, spec)
	e := &editor{t: t, dir: dir, opts: opts, rng: rand.New(rand.NewPCG(3, 3)), saved: map[string][]byte{}}
	t.Log(e.editFile(filepath.Join(spec, kind+".json"), func(def map[string]any) { addProperty(def, "addedByTheTest") }))
	written := generate()
	if len(written) == 0 {
		t.Fatal("editing a spec wrote nothing")
	}
	for _, p := range written {
		// the kind's own files, and its packages' deepcopy files (a package's types share one)
		if !strings.Contains(strings.ReplaceAll(p, "_", ""), strings.ToLower(kind)) && !strings.HasSuffix(p, "/zz_generated.deepcopy.go") {
			t.Errorf("editing %s's spec rewrote %s", kind, p)
		}
	}

	before := map[string]bool{}
	for p := range generatedUnder(t, dir, ".") {
		before[p] = true
	}
	if err := benchcorpus.Grow(dir, opts); err != nil {
		t.Fatal(err)
	}
	shared := []string{"/registry_bench02_gen.go", "/groupversion_info_gen.go", "/zz_generated.deepcopy.go",
		"v2/config/crd/kustomization.yaml", "v2/config/webhook/manifests.yaml", "v2/config/rbac/role.yaml"}
	written = generate()
	if len(written) == 0 {
		t.Fatal("adding a kind wrote nothing")
	}
	for _, p := range written {
		rel, err := filepath.Rel(dir, p)
		if err != nil || strings.HasPrefix(rel, "..") {
			rel = p
		}
		rel = filepath.ToSlash(rel)
		if before[rel] && !slices.ContainsFunc(shared, func(s string) bool { return strings.HasSuffix(rel, s) }) {
			t.Errorf("adding a kind to bench02 rewrote %s", rel)
		}
	}
}

// firstSpecKind is the name (file stem) of the first kind spec of a version folder.
func firstSpecKind(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if name := e.Name(); name != "common.json" && strings.HasSuffix(name, ".json") {
			return strings.TrimSuffix(name, ".json")
		}
	}
	t.Fatalf("no kind spec in %s", dir)
	return ""
}
