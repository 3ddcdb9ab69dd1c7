package emitcache

import (
	"crypto/sha256"
	"sync"

	"github.com/asogen/asogen/pkg/fileset"
)

// Recorder is a sink that passes every file on to its Sink and keeps the file's SHA-256, so
// that once a run succeeds the caller can store the units it emitted (sumsOf, then Store).
type Recorder struct {
	fileset.Sink
	mu   sync.Mutex
	sums map[string][sha256.Size]byte
}

// NewRecorder returns a recorder in front of sink.
func NewRecorder(sink fileset.Sink) *Recorder {
	return &Recorder{Sink: sink, sums: map[string][sha256.Size]byte{}}
}

// Put hashes content and hands it on.
func (r *Recorder) Put(p string, content []byte) error {
	sum := sha256.Sum256(content)
	r.mu.Lock()
	r.sums[p] = sum
	r.mu.Unlock()
	return r.Sink.Put(p, content)
}

// Vouch passes the paths the cache vouches for on to the sink, when it can take them.
func (r *Recorder) Vouch(paths []string) {
	if v, ok := r.Sink.(fileset.Vouching); ok {
		v.Vouch(paths)
	}
}

// sumsOf returns the SHA-256 of each of paths; false when one was not put.
func (r *Recorder) sumsOf(paths []string) (map[string][sha256.Size]byte, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string][sha256.Size]byte, len(paths))
	for _, p := range paths {
		sum, ok := r.sums[p]
		if !ok {
			return nil, false
		}
		out[p] = sum
	}
	return out, true
}

// Storer keeps the hashes of a unit's files under its key (Dir.Store).
type Storer interface {
	Store(key string, files map[string][sha256.Size]byte)
}

// StoreUnit stores in c, under key, the SHA-256 of each of paths, when every one was put (a
// unit codegen emitted: codegen.Result.Units).
func (r *Recorder) StoreUnit(c Storer, key string, paths []string) {
	if sums, ok := r.sumsOf(paths); ok {
		c.Store(key, sums)
	}
}
