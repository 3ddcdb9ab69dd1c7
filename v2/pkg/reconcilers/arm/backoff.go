package arm

import (
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/types"
)

// backoff counts consecutive Warning outcomes per object and spaces retries exponentially,
// bounded by max. Success, an Error outcome or a spec change resets the count.
type backoff struct {
	base, max time.Duration
	mu        sync.Mutex
	failures  map[types.NamespacedName]int
}

func newBackoff(base, max time.Duration) *backoff {
	return &backoff{base: base, max: max, failures: map[types.NamespacedName]int{}}
}

// next records one more failure of key and returns how long to wait before retrying.
func (b *backoff) next(key types.NamespacedName) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := b.failures[key]
	b.failures[key] = n + 1
	return delay(b.base, b.max, n)
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
