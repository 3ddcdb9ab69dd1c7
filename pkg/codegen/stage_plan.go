package codegen

import (
	"github.com/asogen/asogen/pkg/codegen/manifests"
	"github.com/asogen/asogen/pkg/wiring"
)

const stagePlan = "planFiles"

// planFiles lists every path the run will produce, with the same naming as emission, and hands
// the list to the sink before the first file is printed: the sink checks every path (escapes,
// symlinks, hand-written files in the way) and may refuse the whole run.
func planFiles() Stage {
	return Stage{
		Name:        stagePlan,
		Description: "list every output path and let the sink check them before anything is produced",
		Requires:    []string{stageStorageVariants},
		Run: func(env *Env, in State) (State, error) {
			units, err := planUnits(in.Model, env.Options.Cache)
			if err != nil {
				return in, err
			}
			in.Units = units
			var paths []string
			for _, u := range units {
				paths = append(paths, u.paths...)
			}
			if in.Config != nil { // nil in tests that emit a model without a config
				paths = append(paths, wiring.Plan(wiring.LayoutOf(in.Config), in.Model)...)
				paths = append(paths, manifests.Plan(in.Config.Output.Manifests)...)
				paths = append(paths, manifests.SamplePaths(in.Config.Output.Samples, in.Model)...)
			}
			return in, env.Out.plan(paths)
		},
	}
}
