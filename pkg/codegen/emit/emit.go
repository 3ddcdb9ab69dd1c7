// Package emit prints an astmodel.Model as Go source through dst: API types, storage variants,
// the hub, conversions to the hub and ARM payload conversions.
package emit

import (
	"fmt"
	"strings"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/diag"
)

// Emit renders every package of the model into files keyed by slash-separated path relative to
// the project root. Packages are printed on parallel workers; the result does not depend on
// scheduling. Errors are collected over all packages.
func Emit(m *astmodel.Model) (map[string][]byte, error) {
	res := resolverFor(m)
	pkgs := m.SortedPackages()
	results := make([]map[string][]byte, len(pkgs))
	errs := make([]error, len(pkgs))
	parallel.Do(len(pkgs), 0, func(i int) {
		results[i], errs[i] = newPkgEmitter(m, pkgs[i], res).files()
	})
	return merge(results, errs)
}

func merge(results []map[string][]byte, errs []error) (map[string][]byte, error) {
	var list diag.List
	out := map[string][]byte{}
	for i, r := range results {
		list.Merge(errs[i])
		for p, b := range r {
			out[p] = b
		}
	}
	if err := list.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// resolverFor names every generated package and the runtime packages generated code uses.
func resolverFor(m *astmodel.Model) pathResolver {
	r := baseResolver()
	for ref := range m.Packages {
		r[m.ImportPath(ref)] = ref.PackageName()
	}
	return r
}

// pkgEmitter renders one package.
type pkgEmitter struct {
	model    *astmodel.Model
	pkg      *astmodel.Package
	resolver pathResolver
	families []*family
	// conversion methods already emitted, and their names (see assignSuffix)
	convDone  map[string]bool
	convNames map[string]string
	convTaken map[string]string
}

func newPkgEmitter(m *astmodel.Model, p *astmodel.Package, r pathResolver) *pkgEmitter {
	return &pkgEmitter{model: m, pkg: p, resolver: r,
		convDone: map[string]bool{}, convNames: map[string]string{}, convTaken: map[string]string{}}
}

func (e *pkgEmitter) newFile(name string) *goFile {
	aliases := map[string]string{}
	for p, a := range fixedAliases {
		aliases[p] = a
	}
	return &goFile{
		name: name, aliases: aliases, resolver: e.resolver,
		pkgPath: e.model.ImportPath(e.pkg.Ref), pkgName: e.pkg.Ref.PackageName(),
	}
}

// files builds and prints every file of the package. Each family's files are printed as soon
// as they are built, so only one family's dst trees are alive at a time.
func (e *pkgEmitter) files() (map[string][]byte, error) {
	fams, err := familiesOf(e.model, e.pkg)
	if err != nil {
		return nil, err
	}
	e.families = fams
	folder := e.pkg.Ref.Folder(e.model.APIRoot)
	out := map[string][]byte{}
	err = e.build(func(files []*goFile) error {
		for _, f := range files {
			b, err := f.print()
			if err != nil {
				return fmt.Errorf("%s: %w", e.pkg.Ref, err)
			}
			out[fileName(folder, f.name)] = b
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// build assembles the dst trees of the package's files, in order, handing them to print a
// family at a time.
func (e *pkgEmitter) build(print func([]*goFile) error) error {
	files := []*goFile{e.groupVersionFile()}
	if !e.pkg.Ref.Storage {
		if f := e.supportFile(); f != nil {
			files = append(files, f)
		}
	}
	if err := print(files); err != nil {
		return err
	}
	for _, fam := range e.families {
		fs, err := e.familyFiles(fam)
		if err != nil {
			return err
		}
		if err := print(fs); err != nil {
			return err
		}
	}
	return nil
}

// familyFiles renders a family's types and, for a resource, its conversions and ARM code.
func (e *pkgEmitter) familyFiles(fam *family) ([]*goFile, error) {
	types := e.typesFile(fam)
	if fam.resource == nil {
		return []*goFile{types}, nil
	}
	kind, ok := e.model.Kind(e.pkg.Ref.Group, fam.resource.Kind())
	if !ok {
		return nil, fmt.Errorf("%s: resource %s has no configured kind", e.pkg.Ref, fam.resource.Kind())
	}
	files := []*goFile{types}
	if kind.Hub != e.pkg.Ref {
		conv, err := e.conversionFile(fam, kind)
		if err != nil {
			return nil, err
		}
		files = append(files, conv)
	}
	if !e.pkg.Ref.Storage {
		arm, err := e.armFile(fam)
		if err != nil {
			return nil, err
		}
		files = append(files, arm)
	}
	return files, nil
}

// snake turns a Go name into a file-name stem: PrivateEndpoint → private_endpoint.
func snake(name string) string {
	var b strings.Builder
	r := []rune(name)
	for i, c := range r {
		lower := strings.ToLower(string(c))
		if i > 0 && lower != string(c) && (isLowerOrDigit(r[i-1]) || (i+1 < len(r) && isLowerOrDigit(r[i+1]) && r[i-1] != '_')) {
			b.WriteByte('_')
		}
		b.WriteString(lower)
	}
	return strings.ReplaceAll(b.String(), "__", "_")
}

func isLowerOrDigit(c rune) bool { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') }
