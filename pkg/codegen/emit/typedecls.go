package emit

import (
	"fmt"
	"go/token"

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
		if fam.resource != nil {
			decls = append(decls, e.resourceDecl(fam.resource).(*dst.GenDecl))
		}
		for _, d := range e.definitionDecls(fam) {
			if g, ok := d.(*dst.GenDecl); ok && g.Tok == token.TYPE {
				decls = append(decls, g)
			}
		}
	}
	return decls, nil
}
