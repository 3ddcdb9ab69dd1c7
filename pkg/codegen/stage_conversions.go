package codegen

import (
	"maps"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/diag"
)

const stageConversionPlans = "conversionPlans"

// conversionPlans plans, for every package but a hub, how its resources convert to and from their
// kinds' hubs (astmodel.Model.PlanConversions): the object pairs, which property converts to
// which, which travel in the property bag. The emitters print the plans.
func conversionPlans() Stage {
	return Stage{
		Name:        stageConversionPlans,
		Description: "plan the conversions of every API version and storage variant to and from its hub",
		Requires:    []string{stageStorageVariants},
		Run: func(_ *Env, in State) (State, error) {
			m, err := withConversionPlans(in.Model)
			if err != nil {
				return in, err
			}
			in.Model = m
			return in, nil
		},
	}
}

// withConversionPlans returns a model with a copy of each of m's packages holding its conversion
// plan (planned on parallel workers: each reads its package and the hubs, and changes neither).
func withConversionPlans(m *astmodel.Model) (*astmodel.Model, error) {
	pkgs := m.SortedPackages()
	planned := make([]*astmodel.Package, len(pkgs))
	errs := make([]error, len(pkgs))
	parallel.Do(len(pkgs), 0, func(i int) {
		plan, err := m.PlanConversions(pkgs[i])
		p := *pkgs[i]
		p.Conversions, planned[i], errs[i] = plan, &p, err
	})
	var list diag.List
	for _, err := range errs {
		list.Merge(err)
	}
	if err := list.Err(); err != nil {
		return nil, err
	}
	out := *m
	out.Packages = maps.Clone(m.Packages)
	for _, p := range planned {
		out.Packages[p.Ref] = p
	}
	return &out, nil
}
