package codegen

import (
	"maps"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/diag"
)

const stageARMTypes = "armTypes"

// armTypes derives the ARM (wire) types of every API package: for each object a resource sends
// or receives, the struct its JSON travels as (astmodel.Package.WithARMTypes). The emitters print
// them; wiring names the spec's (astmodel.Kind.SpecARMType).
func armTypes() Stage {
	return Stage{
		Name:        stageARMTypes,
		Description: "derive the ARM payload types of every API package",
		Requires:    []string{stageStorageVariants},
		Run: func(_ *Env, in State) (State, error) {
			m, err := withARMTypes(in.Model)
			if err != nil {
				return in, err
			}
			in.Model = m
			return in, nil
		},
	}
}

// withARMTypes returns a model with m's storage packages (shared, unchanged) and a copy of each
// API package with its ARM types (derived on parallel workers: each reads only its package).
func withARMTypes(m *astmodel.Model) (*astmodel.Model, error) {
	out := *m
	out.Packages = maps.Clone(m.Packages)
	var api []*astmodel.Package
	for _, p := range m.SortedPackages() {
		if !p.Ref.Storage {
			api = append(api, p)
		}
	}
	typed := make([]*astmodel.Package, len(api))
	errs := make([]error, len(api))
	parallel.Do(len(api), 0, func(i int) { typed[i], errs[i] = api[i].WithARMTypes() })
	var list diag.List
	for _, err := range errs {
		list.Merge(err)
	}
	if err := list.Err(); err != nil {
		return nil, err
	}
	for _, p := range typed {
		out.Packages[p.Ref] = p
	}
	return &out, nil
}
