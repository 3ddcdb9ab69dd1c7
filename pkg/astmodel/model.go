package astmodel

import (
	"maps"
	"slices"
	"strings"
)

// Package holds the definitions of one generated Go package.
type Package struct {
	Ref         PackageRef
	Definitions map[string]Definition // by type name: *Object, *Enum and *Resource
	// ARM holds the ARM types of an API package's objects that resources send or receive, by
	// object name; set by Package.WithARMTypes (codegen's armTypes stage), nil before.
	ARM map[string]*ARMObject
	// Conversions is how the package's resources convert to and from their hubs; set by
	// Model.PlanConversions (codegen's conversionPlans stage), nil before.
	Conversions *ConversionPlan
}

// NewPackage returns an empty package.
func NewPackage(ref PackageRef) *Package {
	return &Package{Ref: ref, Definitions: map[string]Definition{}}
}

// Add adds definitions, replacing any of the same name.
func (p *Package) Add(defs ...Definition) {
	for _, d := range defs {
		p.Definitions[d.DefName().Name] = d
	}
}

// Sorted returns the definitions sorted by name.
func (p *Package) Sorted() []Definition {
	names := slices.Sorted(maps.Keys(p.Definitions))
	out := make([]Definition, 0, len(names))
	for _, n := range names {
		out = append(out, p.Definitions[n])
	}
	return out
}

// Resources returns the package's resources sorted by kind.
func (p *Package) Resources() []*Resource {
	var out []*Resource
	for _, d := range p.Sorted() {
		if r, ok := d.(*Resource); ok {
			out = append(out, r)
		}
	}
	return out
}

// Object returns the named object of this package.
func (p *Package) Object(name string) (*Object, bool) {
	o, ok := p.Definitions[name].(*Object)
	return o, ok
}

// Model is the whole generated API: every package and every configured kind.
type Model struct {
	Module   string // Go module path of the project
	APIRoot  string // folder of the API packages, slash-separated, relative to the project root
	Packages map[PackageRef]*Package
	Kinds    []*Kind // sorted by group, then name
}

// NewModel returns an empty model.
func NewModel(module, apiRoot string) *Model {
	return &Model{Module: module, APIRoot: apiRoot, Packages: map[PackageRef]*Package{}}
}

// Package returns the package for ref, creating it when absent.
func (m *Model) Package(ref PackageRef) *Package {
	if p, ok := m.Packages[ref]; ok {
		return p
	}
	p := NewPackage(ref)
	m.Packages[ref] = p
	return p
}

// SortedPackages returns every package in a stable order.
func (m *Model) SortedPackages() []*Package {
	refs := slices.SortedFunc(maps.Keys(m.Packages), ComparePackageRefs)
	out := make([]*Package, 0, len(refs))
	for _, r := range refs {
		out = append(out, m.Packages[r])
	}
	return out
}

// Lookup finds a definition by type name.
func (m *Model) Lookup(n TypeName) (Definition, bool) {
	p, ok := m.Packages[n.Package]
	if !ok {
		return nil, false
	}
	d, ok := p.Definitions[n.Name]
	return d, ok
}

// Kind finds a configured kind.
func (m *Model) Kind(group, name string) (*Kind, bool) {
	for _, k := range m.Kinds {
		if k.Group == group && k.Name == name {
			return k, true
		}
	}
	return nil, false
}

// ImportPath returns the import path of a generated package.
func (m *Model) ImportPath(p PackageRef) string {
	return p.ImportPath(m.Module, m.APIRoot)
}

// SortKinds orders kinds by group, then name.
func (m *Model) SortKinds() {
	slices.SortFunc(m.Kinds, func(a, b *Kind) int {
		if c := strings.Compare(a.Group, b.Group); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
}
