package codegen

import (
	"bytes"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/emit"
	"github.com/asogen/asogen/pkg/codegen/emitcache"
	"github.com/asogen/asogen/pkg/codegen/fileset"
)

// TestUnitKeysFollowTheirGroup: changing one definition changes the key of its group only.
func TestUnitKeysFollowTheirGroup(t *testing.T) {
	t.Parallel()
	a, _ := defaultModel(t, true)
	b, _ := defaultModel(t, true)
	ka, kb := unitKeys(a), unitKeys(b)
	if len(ka) < 2 || !maps.Equal(ka, kb) {
		t.Fatalf("two builds of the same config have other unit keys (%d groups)", len(ka))
	}
	edited := editOneObject(t, b)
	kb = unitKeys(b)
	for g := range ka {
		if changed := ka[g] != kb[g]; changed != (g == edited) {
			t.Errorf("group %s: key changed = %v after editing a definition of group %s", g, changed, edited)
		}
	}
}

// TestEmitCacheReemitsOnlyChangedGroups emits into an empty cache and writes the files; a second
// run hands no bytes over; after one definition changes, only its group is emitted again and the
// files equal a full emission of the changed model; after a file on disk is edited, its group is
// emitted again.
func TestEmitCacheReemitsOnlyChangedGroups(t *testing.T) {
	t.Parallel()
	m, _ := defaultModel(t, true)
	root := t.TempDir()
	c := emitcache.New(t.TempDir(), root)
	want := emitted(t, m)
	assertServed(t, writeRun(t, m, root, c), want, len(want), 0)
	assertServed(t, writeRun(t, m, root, c), want, 0, len(want))

	group := editOneObject(t, m)
	want = emitted(t, m)
	inGroup := len(pathsOfGroup(m, want, group))
	assertServed(t, writeRun(t, m, root, c), want, inGroup, len(want)-inGroup)

	p := pathsOfGroup(m, want, group)[0]
	writeFile(t, filepath.Join(root, filepath.FromSlash(p)), append(bytes.Clone(want[p]), '\n'))
	assertServed(t, writeRun(t, m, root, c), want, inGroup, len(want)-inGroup)
}

// editOneObject changes the description of one object of the model's last group and returns
// the group.
func editOneObject(t *testing.T, m *astmodel.Model) string {
	t.Helper()
	pkgs := m.SortedPackages()
	last := pkgs[len(pkgs)-1]
	for _, d := range last.Sorted() {
		if o, ok := d.(*astmodel.Object); ok {
			changed := *o
			changed.Description += " changed"
			last.Definitions[o.Name.Name] = &changed
			return last.Ref.Group
		}
	}
	t.Fatal("no object in the last package")
	return ""
}

// pathsOfGroup lists the files of files that belong to group's packages, sorted.
func pathsOfGroup(m *astmodel.Model, files fileset.FileSet, group string) []string {
	prefix := m.APIRoot + "/" + group + "/"
	return slices.Sorted(func(yield func(string) bool) {
		for p := range files {
			if strings.HasPrefix(p, prefix) && !yield(p) {
				return
			}
		}
	})
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

// writeRun plans (planUnits) and runs emitUnits into a counting sink reading unchanged files
// from root, then writes every file it put under root, as the disk sink does. The plan must be
// the files emission produces, whether it came from the cache or from planning.
func writeRun(t *testing.T, m *astmodel.Model, root string, c Cache) *countingSink {
	t.Helper()
	units, err := planUnits(m, c)
	if err != nil {
		t.Fatal(err)
	}
	want, err := emit.Plan(m)
	if err != nil {
		t.Fatal(err)
	}
	sink := &countingSink{Memory: fileset.NewMemory(root)}
	out := newOutput(sink, nil)
	var all []string
	for _, u := range units {
		all = append(all, u.paths...)
	}
	if slices.Sort(all); !slices.Equal(all, want) {
		t.Fatalf("planned %d files, emission plans %d", len(all), len(want))
	}
	if err := out.plan(all); err != nil {
		t.Fatal(err)
	}
	if err := emitUnits(m, Options{Cache: c}, units, out); err != nil {
		t.Fatal(err)
	}
	if err := out.complete(); err != nil {
		t.Fatal(err)
	}
	for p, b := range sink.Files {
		writeFile(t, filepath.Join(root, filepath.FromSlash(p)), b)
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
