package codegen

import (
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/wiring"
)

const (
	stageCheckWiring = "checkWiring"
	stageEmitWiring  = "emitWiring"
)

// checkWiring validates the configured extensions and checks them against the hand-written code
// in the customizations packages. Any problem stops generation before anything is produced; all
// problems are reported together.
func checkWiring() Stage {
	return Stage{
		Name:        stageCheckWiring,
		Description: "typed extension wiring: validate the configured extensions, check the hand-written code",
		Requires:    []string{stageLoadModel, stageStorageVariants},
		Run:         checkExtensions,
	}
}

func checkExtensions(st *State) error {
	var errs diag.List
	errs.Merge(wiring.Validate(st.Config, st.Model))
	rep, err := wiring.Check(st.Config, st.Model)
	errs.Merge(err)
	if rep != nil {
		errs = append(errs, rep.Errors...)
	}
	if len(errs) == 0 { // warnings are printed with a run that passes the check
		st.Warnings = append(st.Warnings, rep.Unused...)
	}
	return errs.Err()
}

// emitWiring prints the extension hosts, their dispatch and the registry.
func emitWiring() Stage {
	return Stage{
		Name:        stageEmitWiring,
		Description: "typed extension wiring: print hosts, dispatch and registry",
		Requires:    []string{stageCheckWiring, stagePlan, stageEmitAPI},
		Run: func(st *State) error {
			return wiring.Emit(wiring.LayoutOf(st.Config), st.Model, st.Options.Printer, st.Out.put)
		},
	}
}
