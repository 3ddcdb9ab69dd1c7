package arm

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// TestOwnWritesCacheBehind: an object the cache has at a resourceVersion older than the
// operator's last write is behind; the same or a newer one (a user's later write) is not, nor is
// one whose resourceVersion is not a number; a forgotten object is never behind.
func TestOwnWritesCacheBehind(t *testing.T) {
	key := types.NamespacedName{Namespace: "ns", Name: "a"}
	at := func(rv string) *corev1.ConfigMap {
		return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "a", ResourceVersion: rv}}
	}
	w := newOwnWrites()
	if w.behind(key, at("5")) {
		t.Fatal("behind before any write")
	}
	w.record(key, at("12"))
	w.record(key, at("9")) // an older read never lowers what was written
	for rv, want := range map[string]bool{"11": true, "9": true, "12": false, "13": false, "x": false} {
		if got := w.behind(key, at(rv)); got != want {
			t.Errorf("resourceVersion %s: behind = %v, want %v", rv, got, want)
		}
	}
	w.forget(key)
	if w.behind(key, at("11")) {
		t.Error("behind after forget")
	}
}
