// Package emit prints an astmodel.Model as Go source through dst: API types, storage variants,
// the hub, conversions to the hub and ARM payload conversions.
package emit

import (
	"bytes"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/diag"
)

// Emit renders every package of the model and hands each file to put as soon as it is printed:
// its path (slash-separated, relative to the project root) and content. Packages are printed on
// parallel workers, so put is called concurrently; the paths and bytes do not depend on
// scheduling, only the order of the calls does. After the first error no new package starts.
// An error from put comes back as it is; emission errors are collected into a diag.List.
func Emit(m *astmodel.Model, put func(path string, content []byte) error) error {
	t, err := NewTable(m, nil)
	if err != nil {
		return err
	}
	return t.Emit(gofile.Printer{}, put)
}

// Emit builds and prints every file of the table with printer and hands each to put, a package
// per parallel worker. Each package's emitter is dropped once it is printed, so a
// table is emitted once.
func (t *Table) Emit(printer gofile.Printer, put func(path string, content []byte) error) error {
	errs := make([]error, len(t.pkgs))
	var failed atomic.Bool
	parallel.Do(len(t.pkgs), 0, func(i int) {
		e, groups := t.pkgs[i], t.groups[i]
		t.pkgs[i], t.groups[i] = nil, nil
		if failed.Load() || e == nil {
			return
		}
		e.printer = printer
		if errs[i] = e.emit(groups, put); errs[i] != nil {
			failed.Store(true)
		}
	})
	return merge(errs)
}

// putError carries an error of put through emission unchanged.
type putError struct{ err error }

func (e putError) Error() string { return e.err.Error() }

// merge returns the first error of put, or every emission error as a diag.List.
func merge(errs []error) error {
	var list diag.List
	for _, err := range errs {
		var pe putError
		if errors.As(err, &pe) {
			return pe.err
		}
		list.Merge(err)
	}
	return list.Err()
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

// emit builds and prints every file of the package's descriptor groups and hands it to put, a
// family at a time (see descriptors), so only one family's dst trees are alive at a time.
func (e *pkgEmitter) emit(groups [][]fileDesc, put func(path string, content []byte) error) error {
	folder := e.pkg.Ref.Folder(e.model.APIRoot)
	for _, group := range groups {
		files, err := buildAll(group)
		if err != nil {
			return err
		}
		for _, f := range files {
			if err := e.print(f, fileName(folder, f.Name), put); err != nil {
				return err
			}
		}
	}
	return nil
}

// print prints f into a pooled buffer and hands it to put, which keeps a copy if it keeps it
// (fileset.Sink): the printed bytes, half a gigabyte at N = 1000, are not allocated file by file.
// The file's code buffers go back to their pool (gofile.NewCode) once it is printed.
func (e *pkgEmitter) print(f *goFile, path string, put func(path string, content []byte) error) error {
	buf := outBuffers.Get().(*bytes.Buffer)
	defer outBuffers.Put(buf)
	buf.Reset()
	err := f.PrintInto(e.printer, buf)
	f.Release()
	if err != nil {
		return fmt.Errorf("%s: %w", e.pkg.Ref, err)
	}
	if err := put(path, buf.Bytes()); err != nil {
		return putError{err}
	}
	return nil
}

var outBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// buildAll builds a group's files in order; a file whose name differs from its descriptor's is
// a bug (the plan would name another file).
func buildAll(group []fileDesc) ([]*goFile, error) {
	files := make([]*goFile, 0, len(group))
	for _, d := range group {
		f, err := d.build()
		if err != nil {
			return nil, err
		}
		if f.Name != d.name {
			return nil, fmt.Errorf("internal error: file %s was described as %s", f.Name, d.name)
		}
		files = append(files, f)
	}
	return files, nil
}
