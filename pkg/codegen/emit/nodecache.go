package emit

import (
	"hash/maphash"
	"sync/atomic"

	"github.com/dave/dst"
)

// The node caches hand out shared dst nodes for the names emission repeats (identifiers,
// qualified names, recv.Name selectors, json tags). Sharing is safe because no emitter changes a
// node once it is built (see astb.go). Each cache is a fixed array of slots, one per hash of the
// key, replaced when another key lands on it: memory stays bounded, the workers share the slots
// without locks, and at N = 1000 about 90–96% of lookups hit.
var (
	identSeed = maphash.MakeSeed()
	idents    = newNodeCache[string, *dst.Ident](1 << 13)
	quals     = newNodeCache[qualName, *dst.Ident](1 << 10)
	selectors = newNodeCache[selectorName, *dst.SelectorExpr](1 << 12)
	tags      = newNodeCache[string, *dst.BasicLit](1 << 12)
)

// nodeCache maps keys to nodes through hash slots.
type nodeCache[K comparable, N any] struct {
	slots []atomic.Pointer[cached[K, N]]
}

// cached is a slot's content: the key beside its node, so a lookup compares without reaching
// into the node.
type cached[K comparable, N any] struct {
	key  K
	node N
}

func newNodeCache[K comparable, N any](size int) *nodeCache[K, N] {
	return &nodeCache[K, N]{slots: make([]atomic.Pointer[cached[K, N]], size)}
}

// get returns the node of key (whose hash is h), made by build when its slot holds another key.
func (c *nodeCache[K, N]) get(h uint64, key K, build func(K) N) N {
	slot := &c.slots[h%uint64(len(c.slots))]
	if e := slot.Load(); e != nil && e.key == key {
		return e.node
	}
	e := &cached[K, N]{key, build(key)}
	slot.Store(e)
	return e.node
}
