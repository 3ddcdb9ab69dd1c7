package arm

import (
	"strconv"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// cacheCatchUp is how long a reconcile waits when the cache has not yet seen the operator's own
// last write to the object.
const cacheCatchUp = 100 * time.Millisecond

// ownWrites remembers, per object, the resourceVersion of the operator's last write to it. The
// reconciler reads objects from the manager's cache, which learns of a write through the watch a
// moment later; a reconcile that starts in that moment (an owner's or a reference's event) would
// see the object as it was before the write: without the resume token just saved, it would PUT
// again. Such a reconcile waits for the cache instead.
type ownWrites struct {
	mu       sync.Mutex
	versions map[types.NamespacedName]uint64
}

func newOwnWrites() *ownWrites {
	return &ownWrites{versions: map[types.NamespacedName]uint64{}}
}

// behind reports whether obj, as the cache has it, predates the operator's last write to it.
func (w *ownWrites) behind(key types.NamespacedName, obj client.Object) bool {
	rv, ok := resourceVersion(obj)
	if !ok {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return rv < w.versions[key]
}

// record notes obj's resourceVersion after a reconcile, which carries the operator's writes.
func (w *ownWrites) record(key types.NamespacedName, obj client.Object) {
	rv, ok := resourceVersion(obj)
	if !ok {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if rv > w.versions[key] {
		w.versions[key] = rv
	}
}

// forget drops an object that is gone.
func (w *ownWrites) forget(key types.NamespacedName) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.versions, key)
}

// resourceVersion reads the object's resourceVersion as the number etcd gives it. Kubernetes
// calls it opaque; an API server whose versions are not numbers simply disables the check.
func resourceVersion(obj client.Object) (uint64, bool) {
	rv, err := strconv.ParseUint(obj.GetResourceVersion(), 10, 64)
	return rv, err == nil
}
