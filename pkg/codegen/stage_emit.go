package codegen

import (
	"github.com/asogen/asogen/pkg/codegen/emit"
)

const stageEmitAPI = "emitAPI"

// emitAPI prints every API and storage package of the model.
func emitAPI() Stage {
	return Stage{
		Name:        stageEmitAPI,
		Description: "print API types, storage variants, conversions and ARM code",
		Requires:    []string{stageStorageVariants},
		Run: func(st *State) error {
			files, err := emit.Emit(st.Model)
			if err != nil {
				return err
			}
			for p, b := range files {
				st.Files[p] = b
			}
			return nil
		},
	}
}
