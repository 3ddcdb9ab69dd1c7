package emit

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/diag"
)

// File names of a package; the emitter and Plan both use them.
const (
	groupVersionFileName = "groupversion_info_gen.go"
	supportFileName      = "arm_support_gen.go"
)

func typesFileName(fam *family) string      { return fam.stem + "_types_gen.go" }
func conversionFileName(fam *family) string { return fam.stem + "_conversion_gen.go" }
func armFileName(fam *family) string        { return fam.stem + "_arm_gen.go" }

// parts says which files a family has besides its types file.
type parts struct {
	kind       *astmodel.Kind // the resource's kind; nil for a family without a resource
	conversion bool           // <kind>_conversion_gen.go: every package but the kind's hub
	arm        bool           // <kind>_arm_gen.go: API packages, not storage
}

func (e *pkgEmitter) partsOf(fam *family) (parts, error) {
	if fam.resource == nil {
		return parts{}, nil
	}
	kind, ok := e.model.Kind(e.pkg.Ref.Group, fam.resource.Kind())
	if !ok {
		return parts{}, fmt.Errorf("%s: resource %s has no configured kind", e.pkg.Ref, fam.resource.Kind())
	}
	return parts{kind: kind, conversion: kind.Hub != e.pkg.Ref, arm: !e.pkg.Ref.Storage}, nil
}

// hasSupportFile reports whether the package gets arm_support_gen.go: an API package with an
// ARM reference or a union.
func (e *pkgEmitter) hasSupportFile() bool {
	refs, unions := e.armFeatures()
	return !e.pkg.Ref.Storage && (refs || unions)
}

// Plan returns every path Emit(m) produces, sorted, without building any code: the names of the
// file descriptors emission builds from (descriptors). Two files planned at
// one path (two definitions whose names give the same file stem) are an error. Errors are
// collected into a diag.List, as Emit's.
func Plan(m *astmodel.Model) ([]string, error) {
	batches, err := Generator{}.Files(m, func(string) bool { return true })
	if err != nil {
		return nil, err
	}
	return slices.Sorted(slices.Values(gen.Paths(batches))), nil
}

// table is the file table of the packages to print: each package's descriptors (their names
// are the plan) and the emitters that build them. Planning makes it once; Generator.Files turns
// it into the files to render, so emission never derives the file list again.
type table struct {
	pkgs   []*pkgEmitter
	groups [][][]fileDesc // per package, its descriptor groups in printing order
	paths  [][]string     // per package, the paths of its files in printing order
}

// newTable lists the files of the packages keep accepts (nil: every package), on parallel
// workers; two files at one path are an error.
func newTable(m *astmodel.Model, keep func(astmodel.PackageRef) bool) (*table, error) {
	pkgs := m.SortedPackages()
	if keep != nil {
		pkgs = slices.DeleteFunc(pkgs, func(p *astmodel.Package) bool { return !keep(p.Ref) })
	}
	res := resolverFor(m)
	t := &table{pkgs: make([]*pkgEmitter, len(pkgs)), groups: make([][][]fileDesc, len(pkgs)), paths: make([][]string, len(pkgs))}
	errs := make([]error, len(pkgs))
	parallel.Do(len(pkgs), 0, func(i int) {
		e := newPkgEmitter(m, pkgs[i], res)
		t.pkgs[i] = e
		t.groups[i], errs[i] = e.descriptors()
		folder := e.pkg.Ref.Folder(m.APIRoot)
		for _, group := range t.groups[i] {
			for _, d := range group {
				t.paths[i] = append(t.paths[i], fileName(folder, d.name))
			}
		}
	})
	var list diag.List
	for _, err := range errs {
		list.Merge(err)
	}
	all := slices.Sorted(slices.Values(slices.Concat(t.paths...)))
	for i := 1; i < len(all); i++ {
		if all[i] == all[i-1] {
			list.Add(diag.Pos{}, "two generated files at %s: two definitions of one package give the same file name", all[i])
		}
	}
	if err := list.Err(); err != nil {
		return nil, err
	}
	return t, nil
}

// Generator prints the API and storage packages (gen.Generator): a batch per package, its files
// in printing order (they share the package's emitter).
type Generator struct {
	Printer gofile.Printer
}

// Name names the generator.
func (Generator) Name() string { return "api" }

// Files lists the files of the packages of the groups emit selects, on parallel workers; two files
// at one path are an error.
func (g Generator) Files(m *astmodel.Model, emit func(group string) bool) ([]gen.Batch, error) {
	t, err := newTable(m, func(ref astmodel.PackageRef) bool { return emit(ref.Group) })
	if err != nil {
		return nil, err
	}
	batches := make([]gen.Batch, len(t.pkgs))
	for i, e := range t.pkgs {
		e.printer = g.Printer
		for j, d := range slices.Concat(t.groups[i]...) {
			batches[i] = append(batches[i], gen.File{Path: t.paths[i][j], Group: e.pkg.Ref.Group, Render: e.render(d)})
		}
	}
	return batches, nil
}

// fileDesc describes one file of a package: its name and how to build it, or, for a file
// written as plain text (the deepcopy file), how to write it. Plan reads the names, emission
// builds the files: both come from one table (descriptors).
type fileDesc struct {
	name  string
	build func() (*goFile, error)
	write func(buf *bytes.Buffer) error
}

// descriptors lists the package's files in printing order, in groups printed together: the
// package's own files (group version, ARM support), then each family's (types, conversions to
// the hub, ARM code), then the deepcopy file, written from the type declarations of all of them.
func (e *pkgEmitter) descriptors() ([][]fileDesc, error) {
	fams, err := familiesOf(e.model, e.pkg)
	if err != nil {
		return nil, err
	}
	e.families = fams
	own := []fileDesc{{name: groupVersionFileName, build: func() (*goFile, error) { return e.groupVersionFile(), nil }}}
	if e.hasSupportFile() {
		own = append(own, fileDesc{name: supportFileName, build: func() (*goFile, error) { return e.supportFile(), nil }})
	}
	groups := [][]fileDesc{own}
	for _, fam := range fams {
		descs, err := e.familyDescriptors(fam)
		if err != nil {
			return nil, err
		}
		groups = append(groups, descs)
	}
	return e.withDeepCopy(groups), nil
}

// familyDescriptors lists a family's files: its types and, for a resource, its conversions (in
// every package but the hub) and its ARM code (in API packages).
func (e *pkgEmitter) familyDescriptors(fam *family) ([]fileDesc, error) {
	parts, err := e.partsOf(fam)
	if err != nil {
		return nil, err
	}
	descs := []fileDesc{{name: typesFileName(fam), build: func() (*goFile, error) { return e.typesFile(fam), nil }}}
	if parts.conversion {
		descs = append(descs, fileDesc{name: conversionFileName(fam), build: func() (*goFile, error) { return e.conversionFile(fam, parts.kind) }})
	}
	if parts.arm {
		descs = append(descs, fileDesc{name: armFileName(fam), build: func() (*goFile, error) { return e.armFile(fam) }})
	}
	return descs, nil
}
