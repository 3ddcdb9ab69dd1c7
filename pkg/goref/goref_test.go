package goref

import (
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestTableMatchesThePackages loads every package of the table and checks that each identifier
// exists there with the kind the table says, and that each package has the name it says; then
// that each deepcopy row (Copy) says what controller-gen's deepcopy generator sees of its type.
func TestTableMatchesThePackages(t *testing.T) {
	t.Run("deepcopy", checkCopies)
	byPath := load(t)
	for r, kind := range kinds {
		pkg := byPath[r.Path]
		if pkg == nil {
			t.Errorf("%s.%s: package %s is not in Packages", r.Path, r.Name, r.Path)
			continue
		}
		obj := pkg.Scope().Lookup(r.Name)
		if obj == nil {
			t.Errorf("%s.%s does not exist", r.Path, r.Name)
			continue
		}
		if got := kindOf(obj); got != kind {
			t.Errorf("%s.%s: kind %s, the table says %s", r.Path, r.Name, got, kind)
		}
	}
}

func load(t *testing.T) map[string]*types.Package {
	var paths []string
	for _, p := range Packages {
		paths = append(paths, p.Path)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, paths...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
		byPath[p.PkgPath] = p.Types
	}
	for _, p := range Packages {
		if tp := byPath[p.Path]; tp == nil || tp.Name() != p.Name {
			t.Errorf("package %s: want name %s, loaded %v", p.Path, p.Name, tp)
		}
	}
	return byPath
}

// kindOf classifies a package-level object as the table does (-1: none of its kinds).
func kindOf(obj types.Object) Kind {
	switch obj := obj.(type) {
	case *types.TypeName:
		if types.IsInterface(obj.Type()) {
			return Interface
		}
		return Type
	case *types.Func:
		return Func
	case *types.Const:
		return Const
	}
	return -1
}

func TestLookups(t *testing.T) {
	if kinds[ARMResource] != Interface || kinds[Errorf] != Func {
		t.Error("def did not enter ARMResource and Errorf with their kinds")
	}
	if n, ok := NameOf(TypeMeta.Path); !ok || n != "v1" {
		t.Errorf("NameOf(metav1) = %q, %v", n, ok)
	}
	if _, ok := NameOf("example.com/x"); ok {
		t.Error("NameOf knows a path outside the table")
	}
}

// TestNoOtherTable keeps this the only table: no other generator source under pkg/ spells an
// import path of the runtime (testdata folders, where other tests generate trees, are skipped).
func TestNoOtherTable(t *testing.T) {
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir // test inputs and the trees tests generate, not generator source
		}
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		if filepath.Dir(p) == filepath.Join("..", "goref") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(src), `"github.com/asogen/asogen/v2/pkg/`) {
			t.Errorf("%s spells a runtime import path: name it through goref", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
