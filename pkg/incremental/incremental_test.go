package incremental

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/asogen/asogen/internal/benchcorpus"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/emitcache"
	"github.com/asogen/asogen/pkg/fileset"
	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/openapi"
)

// TestIncrementalBuildsOnlyWhatChanged runs Generate with a disk cache on a three-group corpus
// through a series of changes and checks, for each, which groups were built, which units were
// emitted, and that the files equal a run without cache.
func TestIncrementalBuildsOnlyWhatChanged(t *testing.T) {
	t.Parallel()
	cfg := syntheticConfig(t, 43, 2) // three groups
	c := &recordingCache{Dir: emitcache.New(t.TempDir(), cfg.Dir)}
	versionDir := func(g string) string {
		return filepath.Join(cfg.SpecRoot, "specification", g, "resource-manager", "Microsoft."+strings.ToUpper(g[:1])+g[1:], "stable", "2022-03-01")
	}
	steps := []struct {
		name          string
		change        func(t *testing.T)
		built, stored []string
	}{
		{"cold", func(*testing.T) {}, []string{"bench01", "bench02", "bench03"}, []string{"bench01", "bench02", "bench03"}},
		{"no change", func(*testing.T) {}, nil, nil},
		{"one spec edited", func(t *testing.T) { editJSON(t, firstKindSpec(t, versionDir("bench02")), "Edited.") }, []string{"bench02"}, []string{"bench02"}},
		{"a spec touched, same bytes", func(t *testing.T) { touch(t, firstKindSpec(t, versionDir("bench01"))) }, nil, nil},
		{"a shared file edited", func(t *testing.T) { editJSON(t, filepath.Join(versionDir("bench03"), "common.json"), "Shared.") }, []string{"bench03"}, []string{"bench03"}},
		{"a generated file removed", func(t *testing.T) { removeOne(t, filepath.Join(cfg.Dir, cfg.Output.API, "bench01")) }, nil, []string{"bench01"}},
	}
	for _, s := range steps {
		s.change(t)
		c.reset()
		sink := runWithCache(t, cfg, c)
		if built := c.built(); !slices.Equal(built, s.built) {
			t.Errorf("%s: built %v, want %v", s.name, built, s.built)
		}
		if stored := c.stored(); !slices.Equal(stored, s.stored) {
			t.Errorf("%s: emitted units %v, want %v", s.name, stored, s.stored)
		}
		if cold := generateInMemory(t, cfg); !maps.EqualFunc(sink.Files, cold, bytes.Equal) {
			t.Errorf("%s: the files differ from a run without cache", s.name)
		}
	}
}

// TestRecordedKindsAreTheBuiltKinds: the kinds a record keeps come back equal to the built ones.
func TestRecordedKindsAreTheBuiltKinds(t *testing.T) {
	t.Parallel()
	kinds := defaultKinds(t)
	raw, err := json.Marshal(groupRecord{Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	var back groupRecord
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if len(kinds) < 5 || !reflect.DeepEqual(back.Kinds, kinds) {
		t.Errorf("%d kinds do not survive a record", len(kinds))
	}
}

// TestConfigKeysFollowTheirGroup: moving entries in config.yaml changes no key; changing one
// group's directive or resource changes that group's key only.
func TestConfigKeysFollowTheirGroup(t *testing.T) {
	t.Parallel()
	base := "module: example.com/op\nspecRoot: specs\ngroups:\n  - name: a\n    path: a\n  - name: b\n    path: b\n" +
		"resources:\n  - group: a\n    kind: One\n    versions: [\"2021-01-01\"]\n  - group: b\n    kind: Two\n    versions: [\"2021-01-01\"]\n" +
		"directives:\n  - match: \"a/2021-01-01:Thing\"\n    action: opaque\n"
	keys := func(text string) map[string]string {
		cfg, err := config.Parse("config.yaml", "/x/config.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return configKeys(cfg)
	}
	k0 := keys(base)
	if len(k0) != 2 {
		t.Fatalf("keys of %d groups, want 2", len(k0))
	}
	if moved := keys("# a comment that moves every line\n\n" + base); !maps.Equal(moved, k0) {
		t.Error("moving the entries changed a key")
	}
	for name, text := range map[string]string{
		"directive": strings.Replace(base, "action: opaque", "action: prune", 1),
		"resource":  strings.Replace(base, "kind: One", "kind: Uno", 1),
	} {
		k := keys(text)
		if k["a"] == k0["a"] || k["b"] != k0["b"] {
			t.Errorf("after changing group a's %s: a changed %v, b changed %v", name, k["a"] != k0["a"], k["b"] != k0["b"])
		}
	}
}

// recordingCache is a disk cache that notes the groups whose records were stored with new inputs
// (a build of changed inputs; not a refresh of stamps, nor a build that only re-emits) and the
// groups of the units stored (emitted).
type recordingCache struct {
	*emitcache.Dir
	mu            sync.Mutex
	records, sums []string
}

func (c *recordingCache) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.records, c.sums = nil, nil
}

func (c *recordingCache) StoreRecord(name string, data []byte) {
	var rec groupRecord
	if err := json.Unmarshal(data, &rec); err == nil && strings.HasPrefix(name, "group\x00") {
		g := name[strings.LastIndexByte(name, 0)+1:]
		c.mu.Lock()
		if old, ok := c.Dir.Record(name); !ok || !sameInputs(old, &rec) {
			c.records = append(c.records, g)
		}
		c.mu.Unlock()
	}
	c.Dir.StoreRecord(name, data)
}

// sameInputs reports whether the stored record had rec's input key (a refresh of stamps only).
func sameInputs(old []byte, rec *groupRecord) bool {
	var prev groupRecord
	return json.Unmarshal(old, &prev) == nil && prev.Inputs != nil && prev.Config == rec.Config && prev.inputKey() == rec.inputKey()
}

func (c *recordingCache) Store(key string, files map[string][32]byte) {
	c.mu.Lock()
	for p := range files { // the group of the unit: its API folder
		if rest, ok := strings.CutPrefix(p, "v2/api/"); ok {
			c.sums = append(c.sums, rest[:strings.IndexByte(rest, '/')])
			break
		}
	}
	c.mu.Unlock()
	c.Dir.Store(key, files)
}

func (c *recordingCache) built() []string  { return sortedOrNil(c.records) }
func (c *recordingCache) stored() []string { return sortedOrNil(c.sums) }

func sortedOrNil(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return slices.Sorted(slices.Values(s))
}

// runWithCache generates cfg with cache c into an in-memory sink over cfg.Dir, stores the units
// emitted, as the CLI does, then writes what was put to disk, as the disk sink does.
func runWithCache(t *testing.T, cfg *config.Config, c Cache) *countingSink {
	t.Helper()
	sink := &countingSink{Memory: fileset.NewMemory(cfg.Dir)}
	if _, err := Generate(context.Background(), withCache(cfg, c), sink, c); err != nil {
		t.Fatal(err)
	}
	for p, b := range sink.Files {
		full := filepath.Join(cfg.Dir, filepath.FromSlash(p))
		if old, err := os.ReadFile(full); err != nil || !bytes.Equal(old, b) {
			writeFile(t, full, b)
		}
	}
	return sink
}

// countingSink is an in-memory sink that counts the files put and those vouched for, which it
// reads from disk: its files are every file of the run.
type countingSink struct {
	*fileset.Memory
	puts, unchanged atomic.Int32
}

func (s *countingSink) Put(p string, content []byte) error {
	s.puts.Add(1)
	return s.Memory.Put(p, content)
}

func (s *countingSink) Vouch(paths []string) {
	s.unchanged.Add(int32(len(paths)))
	s.Memory.Vouch(paths)
	for _, p := range paths {
		if content, err := os.ReadFile(filepath.Join(s.Root, filepath.FromSlash(p))); err == nil {
			s.Files[p] = content
		}
	}
}

// firstKindSpec is the first spec file of a version folder other than common.json.
func firstKindSpec(t *testing.T, dir string) string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(names) < 2 {
		t.Fatalf("spec files of %s: %v %v", dir, names, err)
	}
	slices.Sort(names)
	if filepath.Base(names[0]) == "common.json" {
		return names[1]
	}
	return names[0]
}

// editJSON sets the description of every definition of a spec file.
func editJSON(t *testing.T, file, description string) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for _, d := range doc["definitions"].(map[string]any) {
		if def, ok := d.(map[string]any); ok && def["type"] == "object" {
			def["description"] = description
		}
	}
	out, _ := json.MarshalIndent(doc, "", "  ")
	writeFile(t, file, out)
}

func touch(t *testing.T, file string) {
	t.Helper()
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(file, later, later); err != nil {
		t.Fatal(err)
	}
}

// removeOne removes the first generated file under dir.
func removeOne(t *testing.T, dir string) {
	t.Helper()
	var first string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && first == "" {
			first = p
		}
		return nil
	})
	if first == "" {
		t.Fatalf("no file under %s", dir)
	}
	if err := os.Remove(first); err != nil {
		t.Fatal(err)
	}
}

// TestCheckIsReusedOnlyForTheSameHandWrittenCode: with a cache, the hand-written methods found
// (inputs.HandWritten, without go list the second time) are taken again only while the code is
// the same: a method renamed by hand is reported, an unused method's warning comes back on every
// run, and the original passes again.
func TestCheckIsReusedOnlyForTheSameHandWrittenCode(t *testing.T) {
	t.Parallel()
	cfg := syntheticConfig(t, 3, 1)
	c := emitcache.New(t.TempDir(), cfg.Dir)
	dir := filepath.Join(cfg.Dir, cfg.Output.API, "bench01", "customizations")
	names, _ := filepath.Glob(filepath.Join(dir, "*_checker.go"))
	if len(names) == 0 {
		t.Fatal("the corpus has no hand-written checker")
	}
	file := names[0]
	original, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	run := func() (*codegen.Result, error) {
		return Generate(context.Background(), withCache(cfg, c), fileset.NewMemory(cfg.Dir), c)
	}
	for i := range 2 {
		if _, err := run(); err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
	}
	renamed := bytes.Replace(original, []byte(") Check"), []byte(") Chekc"), 1)
	writeFile(t, file, renamed)
	if _, err := run(); err == nil || !strings.Contains(err.Error(), "no hand-written CheckBeforeReconcile") {
		t.Errorf("a renamed hand-written method: err = %v", err)
	}
	unused := append(bytes.Clone(original), []byte("\nfunc (ext *GoneExtension) CheckBeforeReconcile() {}\n\ntype GoneExtension struct{}\n")...)
	writeFile(t, file, unused)
	for i := range 2 {
		res, err := run()
		if err != nil || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0].Msg, "unused") {
			t.Errorf("run %d with an unused method: warnings %v, err %v", i, res.Warnings, err)
		}
	}
	writeFile(t, file, original)
	if res, err := run(); err != nil || len(res.Warnings) != 0 {
		t.Errorf("the original code: warnings %v, err %v", res.Warnings, err)
	}
}

// withCache are the inputs of a run reading cfg's project from disk, as the CLI gathers them; an
// emitcache.Dir also remembers the hand-written methods found, as in the CLI.
func withCache(cfg *config.Config, c Cache) codegen.Inputs {
	var records inputs.Records
	if d, ok := c.(*emitcache.Dir); ok {
		records = d
	}
	wd, _ := os.Getwd()
	return codegen.Inputs{Config: cfg, Specs: inputs.Specs(cfg.SpecRoot, wd), HandWritten: inputs.HandWritten(cfg, os.Environ(), records), RBAC: inputs.RBACMarkers(cfg)}
}

// generateInMemory runs codegen.Generate for cfg without a cache into an in-memory sink and
// returns every file.
func generateInMemory(t *testing.T, cfg *config.Config) fileset.FileSet {
	t.Helper()
	out := fileset.NewMemory(cfg.Dir)
	in := withCache(cfg, nil)
	if _, err := codegen.Generate(context.Background(), in, out); err != nil {
		t.Fatal(err)
	}
	return out.Files
}

// syntheticConfig writes a benchcorpus of kinds kinds and versions versions into a temporary
// folder and loads its config.
func syntheticConfig(t *testing.T, kinds, versions int) *config.Config {
	t.Helper()
	dir := t.TempDir()
	opts := benchcorpus.Options{Kinds: kinds, Versions: versions, Seed: 1, AsogenDir: moduleRoot(t)}
	if err := benchcorpus.Write(dir, opts); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// moduleRoot is the asogen checkout.
func moduleRoot(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// defaultKinds are the kinds of the repository's config.yaml.
func defaultKinds(t *testing.T) []*astmodel.Kind {
	t.Helper()
	cfg, err := config.Load(filepath.Join(moduleRoot(t), "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	m, err := openapi.Build(context.Background(), cfg, inputs.Specs(cfg.SpecRoot, wd))
	if err != nil {
		t.Fatal(err)
	}
	return m.Kinds
}

func writeFile(t *testing.T, p string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
