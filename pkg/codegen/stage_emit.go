package codegen

import "github.com/asogen/asogen/pkg/codegen/gen"

const stageEmitFiles = "emitFiles"

// emitFiles renders every file planFiles listed, on parallel workers, and hands each to the
// output as it is rendered (gen.Emit): API types, wiring, manifests and samples in one loop.
func emitFiles() Stage {
	return Stage{
		Name:        stageEmitFiles,
		Description: "render every planned file: API types, storage, conversions, ARM code, wiring, manifests, samples",
		Requires:    []string{stagePlan},
		Run: func(env *Env, in State) (State, error) {
			files := in.Files
			in.Files = nil // the files are rendered once; their emitters are dropped as they finish
			return in, gen.Emit(files, env.Out.put)
		},
	}
}
