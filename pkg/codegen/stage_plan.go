package codegen

import (
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/crd"
	"github.com/asogen/asogen/pkg/codegen/emit"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/codegen/manifests"
	"github.com/asogen/asogen/pkg/codegen/wiringemit"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/wiring"
)

const stagePlan = "planFiles"

// generators returns every generator of the run, in emission order: API types, wiring,
// manifests (the CRD kustomization, the webhook configurations, the operator's role), CRDs,
// samples. Without a config (tests that emit a model) only the API types.
func generators(cfg *config.Config, env *Env) []gen.Generator {
	p := env.Options.Printer
	gens := []gen.Generator{emit.Generator{Printer: p}}
	if cfg == nil {
		return gens
	}
	return append(gens,
		wiringemit.Generator{Layout: wiring.LayoutOf(cfg), Printer: p},
		manifests.Generator{Root: cfg.Output.Manifests},
		manifests.Webhooks{Root: cfg.Output.Manifests},
		manifests.Role{Root: cfg.Output.Manifests, RoleName: cfg.RBAC.RoleName, Markers: env.RBAC},
		crd.Generator{Root: cfg.Output.Manifests},
		manifests.Samples{Root: cfg.Output.Samples})
}

// planFiles lists every file the run will produce, the union of every generator's files, and
// hands their paths to the sink before the first file is rendered: the sink checks every path
// (escapes, symlinks, hand-written files in the way) and may refuse the whole run; a path listed
// twice is an internal error. A reused unit's paths come from the cache; the files of no group
// (the registry, the manifests) are planned on every run.
func planFiles() Stage {
	return Stage{
		Name:        stagePlan,
		Description: "list every output file and let the sink check the paths before anything is produced",
		Requires:    []string{stageStorageVariants, stageARMTypes, stageConversionPlans},
		Run: func(env *Env, in State) (State, error) {
			units, err := unitsOf(in)
			if err != nil {
				return in, err
			}
			files, err := listFiles(generators(in.Config, env), in.Model, toEmit(units))
			if err != nil {
				return in, err
			}
			in.Units, in.Files = withPaths(units, files), files
			reused := reusedPaths(in.Units)
			return in, env.Out.plan(append(gen.Paths(files), reused...), reused)
		},
	}
}

// listFiles returns the files of every generator for the groups emit selects.
func listFiles(gens []gen.Generator, m *astmodel.Model, emit func(group string) bool) ([]gen.Batch, error) {
	var all []gen.Batch
	for _, g := range gens {
		files, err := g.Files(m, emit)
		if err != nil {
			return nil, err
		}
		all = append(all, files...)
	}
	return all, nil
}
