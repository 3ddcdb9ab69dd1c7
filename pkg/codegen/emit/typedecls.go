package emit

import (
	"fmt"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/astmodel"
)

// TypeDecls returns the type declarations a package's types files print, built as emission
// builds them (doc comments with their markers, fields with their types and json tags): each
// resource and every object and enum of the package; not the lists, methods or constants.
// pkg/codegen/crd derives the CRDs from them, so a CRD always follows the printed types.
func TypeDecls(m *astmodel.Model, ref astmodel.PackageRef) ([]*dst.GenDecl, error) {
	p, ok := m.Packages[ref]
	if !ok {
		return nil, fmt.Errorf("internal error: no package %s", ref)
	}
	e := newPkgEmitter(m, p, nil)
	fams, err := familiesOf(m, p)
	if err != nil {
		return nil, err
	}
	var decls []*dst.GenDecl
	for _, fam := range fams {
		decls = append(decls, e.familyTypeDecls(fam)...)
	}
	return decls, nil
}

// familyTypeDecls are the type declarations of a family, as definitionDecls and resourceDecl
// build them, without the enums' constants.
func (e *pkgEmitter) familyTypeDecls(fam *family) []*dst.GenDecl {
	var decls []*dst.GenDecl
	if fam.resource != nil {
		decls = append(decls, e.resourceDecl(fam.resource).(*dst.GenDecl),
			e.objectDecl(fam.spec).(*dst.GenDecl), e.objectDecl(fam.status).(*dst.GenDecl))
	}
	for _, d := range fam.defs {
		switch d := d.(type) {
		case *astmodel.Object:
			decls = append(decls, e.objectDecl(d).(*dst.GenDecl))
		case *astmodel.Enum:
			decls = append(decls, enumTypeDecl(d))
		}
	}
	return decls
}
