package arm

import (
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/types"
)

// backoff counts consecutive failures per object and spaces retries exponentially, bounded by
// max. Success, another kind of outcome or a spec change (a new generation) resets the count.
type backoff struct {
	base, max time.Duration
	mu        sync.Mutex
	failures  map[types.NamespacedName]failures
}

// failures is the count of an object's consecutive failures at one generation.
type failures struct {
	generation int64
	count      int
}

func newBackoff(base, max time.Duration) *backoff {
	return &backoff{base: base, max: max, failures: map[types.NamespacedName]failures{}}
}

// next records one more failure of key at generation and returns how long to wait.
func (b *backoff) next(key types.NamespacedName, generation int64) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	f := b.failures[key]
	if f.generation != generation {
		f = failures{generation: generation}
	}
	b.failures[key] = failures{generation: generation, count: f.count + 1}
	return delay(b.base, b.max, f.count)
}

// count is how many failures of key are recorded (0: none since the last reset).
func (b *backoff) count(key types.NamespacedName) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.failures[key].count
}

// reset forgets the failures of key.
func (b *backoff) reset(key types.NamespacedName) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.failures, key)
}

// delay is base·2^n, capped at max.
func delay(base, max time.Duration, n int) time.Duration {
	d := base
	for i := 0; i < n && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}
