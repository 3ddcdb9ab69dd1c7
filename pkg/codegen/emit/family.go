package emit

import (
	"fmt"
	"maps"
	"slices"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/naming"
)

// family is the unit of one *_types_gen.go file: a resource with its spec, status and every
// object and enum they reach in the package, or a definition no resource reaches.
type family struct {
	stem     string // file-name stem, e.g. private_endpoint
	resource *astmodel.Resource
	spec     *astmodel.Object
	status   *astmodel.Object
	defs     []astmodel.Definition // nested objects and enums, sorted by name
}

// familiesOf splits a package into families; a definition shared by several resources belongs
// to the first of them by kind.
func familiesOf(m *astmodel.Model, p *astmodel.Package) ([]*family, error) {
	claimed := map[string]bool{}
	var fams []*family
	sorted := p.Sorted()
	for _, d := range sorted {
		r, ok := d.(*astmodel.Resource)
		if !ok {
			continue
		}
		fam, err := resourceFamily(p, r, claimed)
		if err != nil {
			return nil, err
		}
		fams = append(fams, fam)
	}
	for _, d := range sorted {
		if _, isRes := d.(*astmodel.Resource); !isRes && !claimed[d.DefName().Name] {
			fams = append(fams, &family{stem: naming.Snake(d.DefName().Name), defs: []astmodel.Definition{d}})
		}
	}
	return fams, nil
}

func resourceFamily(p *astmodel.Package, r *astmodel.Resource, claimed map[string]bool) (*family, error) {
	spec, ok := p.Object(r.Spec.Name)
	if !ok || r.Spec.Package != p.Ref {
		return nil, fmt.Errorf("%s: resource %s: spec %s is not an object of the package", p.Ref, r.Kind(), r.Spec)
	}
	status, ok := p.Object(r.Status.Name)
	if !ok || r.Status.Package != p.Ref {
		return nil, fmt.Errorf("%s: resource %s: status %s is not an object of the package", p.Ref, r.Kind(), r.Status)
	}
	fam := &family{stem: naming.Snake(r.Kind()), resource: r, spec: spec, status: status}
	claimed[r.Kind()], claimed[spec.Name.Name], claimed[status.Name.Name] = true, true, true
	for _, n := range reachable(p, spec, status) {
		if !claimed[n] {
			claimed[n] = true
			fam.defs = append(fam.defs, p.Definitions[n])
		}
	}
	return fam, nil
}

// reachable lists, sorted, the names of the package's definitions reachable from the roots.
func reachable(p *astmodel.Package, roots ...*astmodel.Object) []string {
	seen := map[string]bool{}
	p.Reach(func(astmodel.Property) bool { return true }, seen, roots...)
	return slices.Sorted(maps.Keys(seen))
}

// objects returns the family's objects, spec and status first.
func (f *family) objects() []*astmodel.Object {
	var out []*astmodel.Object
	if f.spec != nil {
		out = append(out, f.spec, f.status)
	}
	for _, d := range f.defs {
		if o, ok := d.(*astmodel.Object); ok {
			out = append(out, o)
		}
	}
	return out
}
