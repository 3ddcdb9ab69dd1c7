package codegen

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/emit"
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

// TestEmitCacheServesOnlyIdenticalBytes writes the emitted files, then checks that the cache
// serves them from disk, and that after any edit on disk the files come from emission again.
func TestEmitCacheServesOnlyIdenticalBytes(t *testing.T) {
	m, _ := defaultModel(t, true)
	want, err := emit.Emit(m)
	if err != nil {
		t.Fatal(err)
	}
	c, root := emitCache{dir: t.TempDir()}, t.TempDir()
	if _, ok := c.lookup(c.key(m), root); ok {
		t.Fatal("hit in an empty cache")
	}
	got, err := emitCached(m, root, c)
	assertSameFiles(t, got, want, err)
	for p, b := range want {
		writeFile(t, filepath.Join(root, filepath.FromSlash(p)), b)
	}
	if _, ok := c.lookup(c.key(m), root); !ok {
		t.Fatal("no hit with every emitted file on disk")
	}
	var edited string
	for p := range want {
		edited = p
		break
	}
	writeFile(t, filepath.Join(root, filepath.FromSlash(edited)), append(bytes.Clone(want[edited]), '\n'))
	if _, ok := c.lookup(c.key(m), root); ok {
		t.Fatal("hit although a file on disk was edited")
	}
	got, err = emitCached(m, root, c)
	assertSameFiles(t, got, want, err)
}

func TestEmitCacheOff(t *testing.T) {
	t.Setenv("ASOGEN_CACHE", "off")
	if c := openEmitCache(); c.dir != "" {
		t.Errorf("ASOGEN_CACHE=off gives cache folder %q", c.dir)
	}
	m, _ := defaultModel(t, true)
	if k := (emitCache{}).key(m); k != "" {
		t.Errorf("a disabled cache has key %q", k)
	}
}

func assertSameFiles(t *testing.T, got, want map[string][]byte, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d files, want %d", len(got), len(want))
	}
	for p, b := range want {
		if !bytes.Equal(got[p], b) {
			t.Errorf("%s differs from emission", p)
		}
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
