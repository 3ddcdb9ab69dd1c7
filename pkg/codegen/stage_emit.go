package codegen

import "errors"

const (
	stageEmitAPI    = "emitAPI"
	stageStoreUnits = "storeUnits"
)

// emitAPI prints the API and storage packages of the units that are not reused, handing each
// file to the output as it is printed.
func emitAPI() Stage {
	return Stage{
		Name:        stageEmitAPI,
		Description: "print API types, storage variants, conversions and ARM code",
		Requires:    []string{stageStorageVariants, stagePlan},
		Run: func(env *Env, in State) (State, error) {
			api := in.API
			if api == nil {
				return in, errors.New("internal error: emitAPI runs without planFiles' file table")
			}
			in.API = nil // the table is printed once; its emitters are dropped as they finish
			return in, api.Emit(env.Options.Printer, env.Out.put)
		},
	}
}

// storeUnits records in the cache the SHA-256 of every file of each emitted unit, under the
// unit's key, once every file has been handed over.
func storeUnits() Stage {
	return Stage{
		Name:        stageStoreUnits,
		Description: "remember the files of each emitted unit in the cache",
		Requires:    []string{stageEmitAPI, stageEmitWiring, stageEmitManifests},
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
