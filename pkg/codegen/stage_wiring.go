package codegen

import (
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/wiring"
)

const stageWiring = "wiring"

// typedWiring validates the configured extensions, checks them against the hand-written code in
// the customizations packages, and emits the extension hosts, their dispatch and the registry.
// Any problem stops generation before anything is written; all problems are reported together.
func typedWiring() Stage {
	return Stage{
		Name:        stageWiring,
		Description: "typed extension wiring: check the hand-written extensions, emit hosts, dispatch and registry",
		Requires:    []string{stageLoadModel, stageStorageVariants, stageEmitAPI},
		Run: func(st *State) error {
			var errs diag.List
			errs.Merge(wiring.Validate(st.Config, st.Model))
			rep, err := wiring.Check(st.Config, st.Model)
			if err != nil {
				errs.Merge(err)
			} else {
				errs = append(errs, rep.Errors...)
				st.Warnings = append(st.Warnings, rep.Unused...)
			}
			if err := errs.Err(); err != nil {
				return err
			}
			files, err := wiring.Emit(wiring.LayoutOf(st.Config), st.Model)
			if err != nil {
				return err
			}
			for p, content := range files {
				st.Files[p] = content
			}
			return nil
		},
	}
}
