// Package incremental is asogen's incremental generation, a decorator of codegen.Generate at the
// CLI's boundary: Generate runs the core with a codegen.Reuser that builds only the groups whose
// inputs changed and reuses the units (a group's files) the cache finds unchanged on disk, hashes
// every file on its way to the sink, and once the run succeeds stores the units it emitted. The
// core knows nothing of records, keys or hashes.
package incremental

import (
	"context"

	"github.com/asogen/asogen/pkg/codegen"
	"github.com/asogen/asogen/pkg/emitcache"
	"github.com/asogen/asogen/pkg/fileset"
)

// Cache is what incremental generation keeps between runs (emitcache.Dir): each group's record
// of its last build, and the paths and hashes of each unit key's files.
type Cache interface {
	// Paths returns the paths (sorted) stored under key.
	Paths(key string) ([]string, bool)
	// Reuse reports whether the output holds exactly the files stored under key, and they are
	// exactly paths (sorted).
	Reuse(key string, paths []string) bool
	// Record returns the data last stored under name by StoreRecord.
	Record(name string) ([]byte, bool)
	// StoreRecord keeps data under name (a group's record: see groupRecord).
	StoreRecord(name string, data []byte)
	emitcache.Storer
}

// Generate is codegen.Generate reusing what c remembers: the same files reach sink (a reused
// unit's paths are vouched for, fileset.Vouching, instead of put), and after a successful run
// the hashes of every emitted unit's files are stored in c under the unit's key. in.Options.Reuse
// is replaced.
func Generate(ctx context.Context, in codegen.Inputs, sink fileset.Sink, c Cache) (*codegen.Result, error) {
	l := &loader{cache: c}
	in.Options.Reuse = l
	rec := emitcache.NewRecorder(sink)
	res, err := codegen.Generate(ctx, in, rec)
	if err != nil {
		return res, err
	}
	for _, u := range res.Units {
		if key, ok := l.keys[u.Group]; ok {
			rec.StoreUnit(c, key, u.Paths)
		}
	}
	return res, nil
}
