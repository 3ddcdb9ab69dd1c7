package codegen

import (
	"bytes"
	"maps"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/emit"
	"github.com/asogen/asogen/pkg/codegen/fileset"
)

func TestFingerprintFollowsTheModel(t *testing.T) {
	a, _ := defaultModel(t, true)
	b, _ := defaultModel(t, true)
	fa, err := fingerprint(a)
	if err != nil {
		t.Fatal(err)
	}
	if fb, _ := fingerprint(b); fa != fb {
		t.Fatal("two builds of the same config have different fingerprints")
	}
	obj := firstObject(t, b)
	changed := *obj
	changed.Description += " changed"
	b.Packages[obj.Name.Package].Definitions[obj.Name.Name] = &changed
	if fb, _ := fingerprint(b); fa == fb {
		t.Error("changing one description did not change the fingerprint")
	}
}

// TestEmitCacheServesOnlyIdenticalBytes emits into an empty cache, writes the files, then checks
// that the cache tells the sink every file is unchanged (handing over no bytes), and that after
// any edit on disk, or with another plan, the files come from emission again.
func TestEmitCacheServesOnlyIdenticalBytes(t *testing.T) {
	m, _ := defaultModel(t, true)
	want := emitted(t, m)
	planned := want.Paths()
	c, root := emitCache{dir: t.TempDir()}, t.TempDir()
	if c.hit(c.key(m), root, planned) {
		t.Fatal("hit in an empty cache")
	}
	assertServed(t, cachedRun(t, m, root, c, planned), want, len(want), 0)
	for p, b := range want {
		writeFile(t, filepath.Join(root, filepath.FromSlash(p)), b)
	}
	if !c.hit(c.key(m), root, planned) {
		t.Fatal("no hit with every emitted file on disk")
	}
	if c.hit(c.key(m), root, planned[1:]) {
		t.Fatal("hit although the plan names other paths than the manifest")
	}
	assertServed(t, cachedRun(t, m, root, c, planned), want, 0, len(want))
	edited := planned[len(planned)/2]
	writeFile(t, filepath.Join(root, filepath.FromSlash(edited)), append(bytes.Clone(want[edited]), '\n'))
	if c.hit(c.key(m), root, planned) {
		t.Fatal("hit although a file on disk was edited")
	}
	assertServed(t, cachedRun(t, m, root, c, planned), want, len(want), 0)
}

// countingSink is an in-memory sink that counts the files put and those reported unchanged.
type countingSink struct {
	*fileset.Memory
	puts, unchanged atomic.Int32
}

func (s *countingSink) Put(p string, content []byte) error {
	s.puts.Add(1)
	return s.Memory.Put(p, content)
}

func (s *countingSink) Unchanged(p string) error {
	s.unchanged.Add(1)
	return s.Memory.Unchanged(p)
}

// cachedRun runs emitCached into a counting sink reading unchanged files from root.
func cachedRun(t *testing.T, m *astmodel.Model, root string, c emitCache, planned []string) *countingSink {
	t.Helper()
	sink := &countingSink{Memory: fileset.NewMemory(root)}
	out := newOutput(sink, nil)
	if err := out.plan(planned); err != nil {
		t.Fatal(err)
	}
	if err := emitCached(m, root, c, planned, out); err != nil {
		t.Fatal(err)
	}
	if err := out.complete(); err != nil {
		t.Fatal(err)
	}
	return sink
}

func assertServed(t *testing.T, got *countingSink, want fileset.FileSet, puts, unchanged int) {
	t.Helper()
	if int(got.puts.Load()) != puts || int(got.unchanged.Load()) != unchanged {
		t.Errorf("%d put, %d unchanged; want %d put, %d unchanged", got.puts.Load(), got.unchanged.Load(), puts, unchanged)
	}
	if !maps.EqualFunc(got.Files, want, bytes.Equal) {
		t.Error("the files served differ from emission")
	}
}

// emitted returns every file emission of m produces.
func emitted(t *testing.T, m *astmodel.Model) fileset.FileSet {
	t.Helper()
	out := fileset.NewMemory("")
	if err := emit.Emit(m, out.Put); err != nil {
		t.Fatal(err)
	}
	return out.Files
}

func TestEmitCacheOff(t *testing.T) {
	if dir := CacheDirFromEnv(func(string) string { return "off" }); dir != "" {
		t.Errorf("ASOGEN_CACHE=off gives cache folder %q", dir)
	}
	m, _ := defaultModel(t, true)
	if k := (emitCache{}).key(m); k != "" {
		t.Errorf("a disabled cache has key %q", k)
	}
}

func firstObject(t *testing.T, m *astmodel.Model) *astmodel.Object {
	t.Helper()
	for _, p := range m.SortedPackages() {
		for _, d := range p.Sorted() {
			if o, ok := d.(*astmodel.Object); ok {
				return o
			}
		}
	}
	t.Fatal("no object in the model")
	return nil
}
