package codegen

import (
	"slices"

	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/wiring"
)

const stageCheckWiring = "checkWiring"

// checkWiring validates the configured extensions and checks them against the hand-written
// methods the caller found in the customizations packages (Inputs.HandWritten). Any problem
// stops generation before anything is produced; all problems are reported together.
func checkWiring() Stage {
	return Stage{
		Name:        stageCheckWiring,
		Description: "typed extension wiring: validate the configured extensions, check the hand-written code",
		Requires:    []string{stageLoadModel, stageStorageVariants},
		Run:         checkExtensions,
	}
}

func checkExtensions(env *Env, in State) (State, error) {
	var errs diag.List
	errs.Merge(wiring.Validate(in.Config, in.Model))
	if len(errs) > 0 {
		return in, errs.Err()
	}
	rep, err := wiring.Check(in.Config, in.Model, env.HandWritten)
	errs.Merge(err)
	if rep != nil {
		errs = append(errs, rep.Errors...)
	}
	if len(errs) == 0 { // warnings are printed with a run that passes the check
		in.Warnings = slices.Concat(in.Warnings, rep.Unused)
	}
	return in, errs.Err()
}
