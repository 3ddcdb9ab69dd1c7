package codegen

import (
	"github.com/asogen/asogen/pkg/astmodel"
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
			cache, root := emitCache{}, ""
			if st.Config != nil { // nil in tests that emit a model without a config
				cache, root = openEmitCache(), st.Config.Dir
			}
			files, err := emitCached(st.Model, root, cache)
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

// emitCached returns the files on disk under root when the cache proves they are exactly what
// emission of m produces; otherwise it emits m and records the result (see emitCache).
func emitCached(m *astmodel.Model, root string, c emitCache) (map[string][]byte, error) {
	key := c.key(m)
	if files, ok := c.lookup(key, root); ok {
		return files, nil
	}
	files, err := emit.Emit(m)
	if err != nil {
		return nil, err
	}
	c.store(key, files)
	return files, nil
}
