package emit

import (
	"bytes"
	"fmt"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/deepcopy"
)

// withDeepCopy appends the deepcopy file to the package's descriptor groups when the package
// has a struct type: it is written last, from the type declarations of the files before it
// (render hands each built file to e.copies).
func (e *pkgEmitter) withDeepCopy(groups [][]fileDesc) [][]fileDesc {
	if !e.hasStructs() {
		return groups
	}
	before := 0
	for _, g := range groups {
		before += len(g)
	}
	e.copies = deepcopy.New(e.pkg.Ref.PackageName(), e.importPath(e.pkg.Ref), e.resolver.name)
	write := func(buf *bytes.Buffer) error {
		if e.built != before {
			return fmt.Errorf("internal error: %s: %s written after %d of the package's %d other files", e.pkg.Ref, deepcopy.FileName, e.built, before)
		}
		return e.copies.Write(buf)
	}
	return append(groups, []fileDesc{{name: deepcopy.FileName, write: write}})
}

// hasStructs reports whether the package declares a resource or an object (every other
// definition is an enum, which controller-gen does not copy).
func (e *pkgEmitter) hasStructs() bool {
	for _, d := range e.pkg.Definitions {
		switch d.(type) {
		case *astmodel.Resource, *astmodel.Object:
			return true
		}
	}
	return false
}
