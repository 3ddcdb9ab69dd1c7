package codegen

import (
	"crypto/sha256"
	"sync"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/emit"
)

const stageEmitAPI = "emitAPI"

// emitAPI prints every API and storage package of the model, handing each file to the output
// as it is printed; with a cache, only the groups whose inputs changed.
func emitAPI() Stage {
	return Stage{
		Name:        stageEmitAPI,
		Description: "print API types, storage variants, conversions and ARM code",
		Requires:    []string{stageStorageVariants, stagePlan},
		Run: func(env *Env, in State) (State, error) {
			return in, emitUnits(in.Model, env.Options, in.Units, env.Out)
		},
	}
}

// emitUnits tells out that every file of a unit is unchanged when the cache proves the output
// already holds exactly what emission of that unit produces; it emits the other units into out,
// recording the hash of every file as it streams by, and stores them once all are emitted.
func emitUnits(m *astmodel.Model, opts Options, units []unit, out *output) error {
	c := opts.Cache
	if c == nil {
		return emit.EmitWith(m, emit.Options{Printer: opts.Printer}, out.put)
	}
	todo := map[string]unit{}
	for _, u := range units {
		if u.key != "" && c.Reuse(u.key, u.paths) {
			if err := out.unchangedAll(u.paths); err != nil {
				return err
			}
			continue
		}
		todo[u.group] = u
	}
	if len(todo) == 0 {
		return nil
	}
	var sums fileSums
	keep := func(ref astmodel.PackageRef) bool { _, ok := todo[ref.Group]; return ok }
	err := emit.EmitWith(m, emit.Options{Keep: keep, Printer: opts.Printer}, func(p string, content []byte) error {
		sums.add(p, content)
		return out.put(p, content)
	})
	if err == nil {
		storeUnits(c, todo, sums.sums)
	}
	return err
}

// storeUnits records in c the hashes of each emitted unit's files.
func storeUnits(c Cache, units map[string]unit, sums map[string][sha256.Size]byte) {
	for _, u := range units {
		if u.key == "" {
			continue
		}
		files := make(map[string][sha256.Size]byte, len(u.paths))
		for _, p := range u.paths {
			files[p] = sums[p]
		}
		c.Store(u.key, files)
	}
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
