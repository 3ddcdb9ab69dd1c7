package codegen

import (
	"crypto/sha256"
	"sync"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/emit"
)

const stageEmitAPI = "emitAPI"

// emitAPI prints every API and storage package of the model, handing each file to the output
// as it is printed.
func emitAPI() Stage {
	return Stage{
		Name:        stageEmitAPI,
		Description: "print API types, storage variants, conversions and ARM code",
		Requires:    []string{stageStorageVariants, stagePlan},
		Run: func(st *State) error {
			cache, root := emitCache{dir: st.Options.CacheDir}, ""
			if st.Config != nil { // nil in tests that emit a model without a config
				root = st.Config.Dir
			} else {
				cache = emitCache{}
			}
			return emitCached(st.Model, root, cache, st.APIPaths, st.Out)
		},
	}
}

// emitCached tells out that every file is unchanged when the cache proves the disk under root
// already holds exactly what emission of m produces (at the planned paths); otherwise it emits
// m into out and records the hash of every file as it streams by (see emitCache).
func emitCached(m *astmodel.Model, root string, c emitCache, planned []string, out *output) error {
	key := c.key(m)
	if c.hit(key, root, planned) {
		for _, p := range planned {
			if err := out.unchanged(p); err != nil {
				return err
			}
		}
		return nil
	}
	if key == "" {
		return emit.Emit(m, out.put)
	}
	var sums fileSums
	err := emit.Emit(m, func(p string, content []byte) error {
		sums.add(p, content)
		return out.put(p, content)
	})
	if err == nil {
		c.store(key, sums.sums)
	}
	return err
}

// fileSums collects the SHA-256 of files as they stream by, from parallel workers.
type fileSums struct {
	mu   sync.Mutex
	sums map[string][sha256.Size]byte
}

func (f *fileSums) add(p string, content []byte) {
	sum := sha256.Sum256(content)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sums == nil {
		f.sums = map[string][sha256.Size]byte{}
	}
	f.sums[p] = sum
}
