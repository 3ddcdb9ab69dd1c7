package gofile

import (
	"bytes"
	"fmt"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/header"
)

// File is one generated Go file under construction, the one builder every emitter uses (API
// types and wiring alike). Identifiers carry their import path (dst.Ident.Path); the file names
// each path when it is printed, from its own table (Use, Alias) or from the names it was made
// with, so imports are right by construction and an unknown path is an error, never a guess.
type File struct {
	Name    string   // the file name within its package folder
	PkgPath string   // the import path of the file's package
	PkgName string   // the package clause
	Doc     []string // comment lines between the generated header and the package clause
	decls   []dst.Decl
	code    []placed          // declarations written as text, in order, each before decls[at]
	names   map[string]string // import path → package name, declared by this file
	aliases map[string]string // import path → import name, where it differs from the package name
	known   Names             // package names shared by many files; nil: none
}

// Names gives the package name of an import path; ok is false when it does not know the path.
type Names func(importPath string) (name string, ok bool)

// NewFile starts the file name of the package pkgName at pkgPath; known names the packages its
// identifiers may refer to besides those the file declares with Use.
func NewFile(name, pkgPath, pkgName string, known Names) *File {
	return &File{Name: name, PkgPath: pkgPath, PkgName: pkgName, known: known,
		names: map[string]string{}, aliases: map[string]string{}}
}

// Add appends declarations.
func (f *File) Add(decls ...dst.Decl) { f.decls = append(f.decls, decls...) }

// Decls returns the declarations added so far (not the code written as text).
func (f *File) Decls() []dst.Decl { return f.decls }

// AddCode appends declarations written as text, after those added so far. The code is
// complete: nothing may be written to it afterwards.
func (f *File) AddCode(c *Code) {
	c.end()
	f.code = append(f.code, placed{at: len(f.decls), code: c})
}

// Release hands the buffers of the file's code to later files (NewCode) once the file is
// printed; the file must not be used afterwards.
func (f *File) Release() {
	for _, p := range f.code {
		p.code.release()
	}
	f.code = nil
}

// Use declares the package name of an import path and, when alias is not "" and differs, the
// name the file imports it as.
func (f *File) Use(importPath, name, alias string) {
	f.names[importPath] = name
	f.Alias(importPath, alias)
}

// Alias makes the file import importPath as alias ("" or the package's own name: no alias).
func (f *File) Alias(importPath, alias string) {
	if alias != "" && alias != f.names[importPath] {
		f.aliases[importPath] = alias
	}
}

// ResolvePackage gives the package name of an import path: the file's own declaration, else
// the shared names; any other path is an error.
func (f *File) ResolvePackage(importPath string) (string, error) {
	if n, ok := f.names[importPath]; ok {
		return n, nil
	}
	if f.known != nil {
		if n, ok := f.known(importPath); ok {
			return n, nil
		}
	}
	return "", fmt.Errorf("unknown import path %q", importPath)
}

// Print renders the file: the generated header, a blank line, the doc lines, the package
// clause, the imports and the declarations, in gofmt's layout.
func (f *File) Print(p Printer) ([]byte, error) {
	var out bytes.Buffer
	if err := f.PrintInto(p, &out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// PrintInto is Print appending the bytes to out.
func (f *File) PrintInto(p Printer, out *bytes.Buffer) error {
	file := &dst.File{Name: dst.NewIdent(f.PkgName), Decls: f.decls}
	file.Decs.Start.Append(header.Go, "\n")
	for _, line := range f.Doc {
		file.Decs.Start.Append("// " + line)
	}
	if err := p.print(out, file, f.code, f.PkgPath, f, f.aliases); err != nil {
		return fmt.Errorf("printing %s (%s): %w", f.Name, f.PkgPath, err)
	}
	return nil
}
