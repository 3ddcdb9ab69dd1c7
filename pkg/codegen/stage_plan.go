package codegen

import (
	"github.com/asogen/asogen/pkg/codegen/manifests"
	"github.com/asogen/asogen/pkg/codegen/wiringemit"
	"github.com/asogen/asogen/pkg/wiring"
)

const stagePlan = "planFiles"

// planFiles lists every path the run will produce, with the same naming as emission, and hands
// the list to the sink before the first file is printed: the sink checks every path (escapes,
// symlinks, hand-written files in the way) and may refuse the whole run. A reused unit's paths
// come from the cache; the registry and the manifests are planned on every run.
func planFiles() Stage {
	return Stage{
		Name:        stagePlan,
		Description: "list every output path and let the sink check them before anything is produced",
		Requires:    []string{stageStorageVariants, stageARMTypes, stageConversionPlans},
		Run: func(env *Env, in State) (State, error) {
			units, api, err := planUnits(in.Config, in.Model, unitsOf(in))
			if err != nil {
				return in, err
			}
			in.Units, in.API = units, api
			paths := unitPaths(units)
			if in.Config != nil { // nil in tests that emit a model without a config
				registry := func(g string) bool { return g == "" }
				paths = append(paths, wiringemit.Plan(wiring.LayoutOf(in.Config), in.Model, registry)...)
				paths = append(paths, manifests.Plan(in.Config.Output.Manifests)...)
			}
			var reused []string
			for _, u := range units {
				if u.reuse {
					reused = append(reused, u.paths...)
				}
			}
			return in, env.Out.plan(paths, reused)
		},
	}
}
