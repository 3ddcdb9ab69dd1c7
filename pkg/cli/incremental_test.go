package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/asogen/asogen/internal/benchcorpus"
	"github.com/asogen/asogen/pkg/codegen"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/fileset"
	"github.com/asogen/asogen/pkg/header"
	"github.com/asogen/asogen/pkg/inputs"
)

// TestIncrementalMatchesColdOnRandomEdits runs random sequences of the edits users make (a
// property added to a spec, a description changed, a resource added, a spec file put back as it
// was) on a bench corpus of three groups. After each edit `asogen generate` runs with the
// emission cache, and the tree it leaves must equal, byte for byte, a cold generation of the
// same inputs without any cache.
func TestIncrementalMatchesColdOnRandomEdits(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a bench corpus a dozen times")
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(2) {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			dir := t.TempDir()
			opts := benchcorpus.Options{Kinds: 2*benchcorpus.KindsPerGroup + 3, Versions: 2, Seed: int64(seed), AsogenDir: root}
			if err := benchcorpus.Write(dir, opts); err != nil {
				t.Fatal(err)
			}
			t.Setenv("ASOGEN_CACHE", t.TempDir())
			cfg := filepath.Join(dir, "config.yaml")
			mustRun(t, ExitOK, "generate", "--config", cfg)
			e := &editor{t: t, dir: dir, opts: opts, rng: rand.New(rand.NewPCG(seed, 42)), saved: map[string][]byte{}}
			for range 8 {
				what := e.randomEdit()
				mustRun(t, ExitOK, "generate", "--config", cfg)
				assertMatchesCold(t, cfg, what)
			}
		})
	}
}

// editor applies random edits to a bench corpus.
type editor struct {
	t     *testing.T
	dir   string
	opts  benchcorpus.Options
	rng   *rand.Rand
	saved map[string][]byte // spec files as they were before their first edit
}

// randomEdit applies one edit and says what it did.
func (e *editor) randomEdit() string {
	switch e.rng.IntN(7) {
	case 4:
		return e.touch()
	case 5:
		return e.editCommon()
	case 6:
		return e.removeGenerated()
	case 0:
		return e.editSpec(func(def map[string]any) { addProperty(def, fmt.Sprintf("added%d", e.rng.IntN(1000))) })
	case 1:
		return e.editSpec(func(def map[string]any) { def["description"] = fmt.Sprintf("Edited %d.", e.rng.IntN(1000)) })
	case 2:
		if err := benchcorpus.Grow(e.dir, e.opts); err != nil {
			e.t.Fatal(err)
		}
		e.opts.Kinds++
		return fmt.Sprintf("added kind %d", e.opts.Kinds)
	}
	return e.restore()
}

// editSpec changes one object definition of a random kind's spec file.
func (e *editor) editSpec(change func(map[string]any)) string {
	specs := e.kindSpecs(false)
	return e.editFile(specs[e.rng.IntN(len(specs))], change)
}

// editCommon changes one object definition of a group's shared spec file (common.json).
func (e *editor) editCommon() string {
	specs := e.kindSpecs(true)
	return e.editFile(specs[e.rng.IntN(len(specs))], func(def map[string]any) {
		def["description"] = fmt.Sprintf("Shared %d.", e.rng.IntN(1000))
	})
}

// touch gives a random spec file a new modification time and the same bytes.
func (e *editor) touch() string {
	specs := e.kindSpecs(false)
	f := specs[e.rng.IntN(len(specs))]
	later := time.Now().Add(time.Duration(1+e.rng.IntN(100)) * time.Second)
	if err := os.Chtimes(f, later, later); err != nil {
		e.t.Fatal(err)
	}
	return "touched " + filepath.Base(f)
}

// removeGenerated removes a random generated file: the next run must write it again.
func (e *editor) removeGenerated() string {
	var files []string
	for p := range generatedUnder(e.t, e.dir, "v2") {
		files = append(files, p)
	}
	slices.Sort(files)
	f := files[e.rng.IntN(len(files))]
	if err := os.Remove(filepath.Join(e.dir, filepath.FromSlash(f))); err != nil {
		e.t.Fatal(err)
	}
	return "removed " + f
}

// editFile changes one object definition of spec file f.
func (e *editor) editFile(f string, change func(map[string]any)) string {
	data, err := os.ReadFile(f)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, ok := e.saved[f]; !ok {
		e.saved[f] = data
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		e.t.Fatal(err)
	}
	defs := doc["definitions"].(map[string]any)
	var objects []string
	for name, d := range defs {
		if _, ok := d.(map[string]any)["properties"]; ok {
			objects = append(objects, name)
		}
	}
	slices.Sort(objects)
	name := objects[e.rng.IntN(len(objects))]
	change(defs[name].(map[string]any))
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(f, out, 0o644); err != nil {
		e.t.Fatal(err)
	}
	return fmt.Sprintf("edited %s in %s", name, filepath.Base(f))
}

func addProperty(def map[string]any, name string) {
	def["properties"].(map[string]any)[name] = map[string]any{"type": "string", "description": "Added by the test."}
}

// restore puts one edited spec file back as it was (a revert), or edits one when none was.
func (e *editor) restore() string {
	if len(e.saved) == 0 {
		return e.editSpec(func(def map[string]any) { addProperty(def, "restorable") })
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range e.saved {
			if !yield(n) {
				return
			}
		}
	})
	f := names[e.rng.IntN(len(names))]
	if err := os.WriteFile(f, e.saved[f], 0o644); err != nil {
		e.t.Fatal(err)
	}
	delete(e.saved, f)
	return "restored " + filepath.Base(f)
}

// kindSpecs lists the corpus's per-kind spec files, or (common) the groups' shared files, sorted.
func (e *editor) kindSpecs(common bool) []string {
	var out []string
	err := filepath.WalkDir(filepath.Join(e.dir, "specs"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") && strings.HasSuffix(p, "common.json") == common {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// assertMatchesCold generates cfg in memory without a cache and compares every file with the
// disk, and checks that the disk holds no other generated file.
func assertMatchesCold(t *testing.T, cfgPath, after string) {
	t.Helper()
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	cold := fileset.NewMemory(cfg.Dir)
	res, err := codegen.Generate(context.Background(), codegen.Inputs{Config: cfg, Specs: inputs.Specs(cfg.SpecRoot, ""), HandWritten: inputs.HandWritten(cfg, os.Environ(), nil), RBAC: inputs.RBACMarkers(cfg)}, cold)
	if err != nil {
		t.Fatalf("after %s: cold generate: %v", after, err)
	}
	for p, want := range cold.Files {
		got, err := os.ReadFile(filepath.Join(cfg.Dir, filepath.FromSlash(p)))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("after %s: %s differs from a cold run (%v)", after, p, err)
		}
	}
	for _, r := range res.Roots {
		for p := range generatedUnder(t, cfg.Dir, r) {
			if _, ok := cold.Files[p]; !ok {
				t.Fatalf("after %s: %s is on disk but not in a cold run", after, p)
			}
		}
	}
}

// generatedUnder yields the slash paths (relative to dir) of files with asogen's header below
// dir/root.
func generatedUnder(t *testing.T, dir, root string) func(func(string) bool) {
	return func(yield func(string) bool) {
		_ = filepath.WalkDir(filepath.Join(dir, filepath.FromSlash(root)), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(b, []byte(header.Go)) && !bytes.HasPrefix(b, []byte(header.YAML)) {
				return nil
			}
			rel, _ := filepath.Rel(dir, p)
			if !yield(filepath.ToSlash(rel)) {
				return filepath.SkipAll
			}
			return nil
		})
	}
}
