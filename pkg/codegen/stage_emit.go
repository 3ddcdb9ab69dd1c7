package codegen

import "github.com/asogen/asogen/pkg/codegen/gen"

const (
	stageEmitFiles  = "emitFiles"
	stageStoreUnits = "storeUnits"
)

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

// storeUnits records in the cache the SHA-256 of every file of each emitted unit, under the
// unit's key, once every file has been handed over.
func storeUnits() Stage {
	return Stage{
		Name:        stageStoreUnits,
		Description: "remember the files of each emitted unit in the cache",
		Requires:    []string{stageEmitFiles},
		Run: func(env *Env, in State) (State, error) {
			c := env.Options.Cache
			if c == nil {
				return in, nil
			}
			for _, u := range in.Units {
				if u.reuse || u.key == "" {
					continue
				}
				if sums, ok := env.Out.sumsOf(u.paths); ok {
					c.Store(u.key, sums)
				}
			}
			return in, nil
		},
	}
}
