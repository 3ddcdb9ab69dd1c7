package emit

import (
	"fmt"

	"github.com/dave/dst"
)

// print renders the file: header, blank line, package doc, package clause, imports, declarations.
func (f *goFile) print() ([]byte, error) {
	file := &dst.File{Name: id(f.pkgName), Decls: f.decls}
	file.Decs.Start.Append(Header, "\n")
	for _, line := range f.doc {
		file.Decs.Start.Append("// " + line)
	}
	out, err := f.printer.Print(file, f.pkgPath, f.resolver, f.aliases)
	if err != nil {
		return nil, fmt.Errorf("printing %s: %w", f.name, err)
	}
	return out, nil
}
