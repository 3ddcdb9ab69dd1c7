// Package emit prints an astmodel.Model as Go source through dst: API types, storage variants,
// the hub, conversions to the hub and ARM payload conversions.
package emit

import (
	"bytes"
	"fmt"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/deepcopy"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/codegen/gofile"
)

// Emit renders every package of the model and hands each file to put as soon as it is printed:
// its path (slash-separated, relative to the project root) and content. Packages are printed on
// parallel workers (gen.Emit), so put is called concurrently; the paths and bytes do not depend
// on scheduling, only the order of the calls does. An error from put comes back as it is;
// emission errors are collected into a diag.List.
func Emit(m *astmodel.Model, put func(path string, content []byte) error) error {
	batches, err := Generator{}.Files(m, func(string) bool { return true })
	if err != nil {
		return err
	}
	return gen.Emit(batches, put)
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
	printer  gofile.Printer
	families []*family
	copies   *deepcopy.Package              // the type declarations of the files built so far (deepcopy.go)
	built    int                            // the number of files built so far
	types    map[string]bool                // see typeNames
	imports  map[astmodel.PackageRef]string // see importPath
}

func newPkgEmitter(m *astmodel.Model, p *astmodel.Package, r pathResolver) *pkgEmitter {
	return &pkgEmitter{model: m, pkg: p, resolver: r, imports: map[astmodel.PackageRef]string{}}
}

func (e *pkgEmitter) newFile(name string) *goFile {
	f := gofile.NewFile(name, e.importPath(e.pkg.Ref), e.pkg.Ref.PackageName(), e.resolver.name)
	for p, a := range fixedAliases {
		f.Alias(p, a)
	}
	return f
}

// render returns the rendering of d: it builds the file and prints it into buf. The file's code
// buffers go back to their pool (gofile.NewCode) once it is printed. A file whose name differs
// from its descriptor's is a bug (the plan would name another file).
func (e *pkgEmitter) render(d fileDesc) func(buf *bytes.Buffer) error {
	return func(buf *bytes.Buffer) error {
		if d.write != nil {
			return d.write(buf)
		}
		f, err := d.build()
		if err != nil {
			return err
		}
		if f.Name != d.name {
			return fmt.Errorf("internal error: file %s was described as %s", f.Name, d.name)
		}
		if e.copies != nil {
			e.copies.Add(f.Name, f.Decls())
		}
		start := buf.Len()
		err = f.PrintInto(e.printer, buf)
		f.Release()
		if e.copies != nil {
			e.copies.Printed(buf.Bytes()[start:])
		}
		e.built++
		if err != nil {
			return fmt.Errorf("%s: %w", e.pkg.Ref, err)
		}
		return nil
	}
}
