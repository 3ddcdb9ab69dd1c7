package crd

import (
	"testing"

	"sigs.k8s.io/controller-tools/pkg/crd"
	crdmarkers "sigs.k8s.io/controller-tools/pkg/crd/markers"
	"sigs.k8s.io/controller-tools/pkg/loader"
	ctmarkers "sigs.k8s.io/controller-tools/pkg/markers"
	"sigs.k8s.io/yaml"

	"github.com/asogen/asogen/pkg/goref"
)

// TestCRDKnownSchemasMatchControllerGen derives the schema of every type of knownSchemas with
// controller-gen's parser, from the packages themselves, and compares it with the table's.
func TestCRDKnownSchemasMatchControllerGen(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the runtime packages")
	}
	byPath := map[string][]string{}
	for ref := range knownSchemas {
		byPath[ref.Path] = append(byPath[ref.Path], ref.Name)
	}
	parser, pkgs := controllerGenParser(t, byPath)
	for _, p := range pkgs {
		for _, name := range byPath[p.PkgPath] {
			id := crd.TypeIdent{Package: p, Name: name}
			parser.NeedFlattenedSchemaFor(id)
			got, err := yaml.Marshal(parser.FlattenedSchemata[id])
			if err != nil {
				t.Fatal(err)
			}
			if want := knownSchemas[goref.Ref{Path: p.PkgPath, Name: name}]; string(got) != want {
				t.Errorf("%s.%s: controller-gen derives\n%s\nthe table has\n%s", p.PkgPath, name, got, want)
			}
		}
	}
}

// controllerGenParser loads the packages and returns controller-gen's CRD parser over them.
func controllerGenParser(t *testing.T, byPath map[string][]string) (*crd.Parser, []*loader.Package) {
	var paths []string
	for p := range byPath {
		paths = append(paths, p)
	}
	pkgs, err := loader.LoadRoots(paths...)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != len(paths) {
		t.Fatalf("loaded %d packages of %v", len(pkgs), paths)
	}
	reg := &ctmarkers.Registry{}
	if err := crdmarkers.Register(reg); err != nil {
		t.Fatal(err)
	}
	parser := &crd.Parser{Collector: &ctmarkers.Collector{Registry: reg}, Checker: &loader.TypeChecker{}, AllowDangerousTypes: true}
	crd.AddKnownTypes(parser)
	for _, p := range pkgs {
		parser.NeedPackage(p)
	}
	return parser, pkgs
}
