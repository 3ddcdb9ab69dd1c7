package emit

import (
	"fmt"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/astmodel"
)

// TypeDecls returns the type declarations a package's types files print, built as emission
// builds them (doc comments with their markers, fields with their types and json tags): each
// resource and every object and enum of the package, by name (the types files print each
// definition once); not the lists, methods or constants.
// pkg/codegen/crd derives the CRDs from them, so a CRD always follows the printed types.
func TypeDecls(m *astmodel.Model, ref astmodel.PackageRef) ([]*dst.GenDecl, error) {
	p, ok := m.Packages[ref]
	if !ok {
		return nil, fmt.Errorf("internal error: no package %s", ref)
	}
	e := newPkgEmitter(m, p, nil)
	decls := make([]*dst.GenDecl, 0, len(p.Definitions))
	for _, d := range p.Sorted() {
		switch d := d.(type) {
		case *astmodel.Resource:
			decls = append(decls, e.resourceDecl(d).(*dst.GenDecl))
		case *astmodel.Object:
			decls = append(decls, e.objectDecl(d).(*dst.GenDecl))
		case *astmodel.Enum:
			decls = append(decls, enumTypeDecl(d))
		}
	}
	return decls, nil
}
