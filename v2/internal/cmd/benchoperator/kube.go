package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// applyWorkers is how many objects the harness creates in parallel.
const applyWorkers = 16

// createNamespace creates a namespace.
func createNamespace(ctx context.Context, c client.Client, name string) error {
	return c.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}})
}

// applyAll creates objs in order, applyWorkers at a time; it stops at the first error.
func applyAll(ctx context.Context, c client.Client, objs []*unstructured.Unstructured) error {
	return forEach(objs, func(obj *unstructured.Unstructured) error {
		if err := c.Create(ctx, obj.DeepCopy()); err != nil {
			return fmt.Errorf("creating %s %s: %w", obj.GetKind(), obj.GetName(), err)
		}
		return nil
	})
}

// deleteEach deletes objs, leaves (the last applied) first, applyWorkers at a time, as
// kubectl delete does: one request per object (a DeleteAllOf of thousands of objects, each
// through the admission webhooks, outlasts the API server's request timeout on a busy machine).
func deleteEach(ctx context.Context, c client.Client, objs []*unstructured.Unstructured) error {
	reversed := make([]*unstructured.Unstructured, len(objs))
	for i, o := range objs {
		reversed[len(objs)-1-i] = o
	}
	return forEach(reversed, func(obj *unstructured.Unstructured) error {
		if err := c.Delete(ctx, obj.DeepCopy()); err != nil && !apierrors.IsNotFound(err) {
			return fmt.Errorf("deleting %s %s: %w", obj.GetKind(), obj.GetName(), err)
		}
		return nil
	})
}

// forEach runs do on objs in order, applyWorkers at a time; it stops at the first error.
func forEach(objs []*unstructured.Unstructured, do func(*unstructured.Unstructured) error) error {
	next := make(chan *unstructured.Unstructured)
	errs := make(chan error, applyWorkers)
	var wg sync.WaitGroup
	for range applyWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for obj := range next {
				if err := do(obj); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	err := feed(next, objs, errs)
	wg.Wait()
	if err == nil && len(errs) > 0 {
		err = <-errs // a worker failed on one of the last objects
	}
	return err
}

// feed sends objs to the workers until done or a worker fails, then closes next.
func feed(next chan<- *unstructured.Unstructured, objs []*unstructured.Unstructured, errs <-chan error) error {
	defer close(next)
	for _, obj := range objs {
		select {
		case next <- obj:
		case err := <-errs:
			return err
		}
	}
	return nil
}

// readyCount counts the objects of objs whose Ready condition is True.
func readyCount(ctx context.Context, c client.Client, objs []*unstructured.Unstructured) (int, error) {
	return countWhere(ctx, c, objs, isReady)
}

// countWhere counts the objects of objs that pred accepts, listing each kind once.
func countWhere(ctx context.Context, c client.Client, objs []*unstructured.Unstructured, pred func(*unstructured.Unstructured) bool) (int, error) {
	want := map[string]bool{}
	for _, o := range objs {
		want[key(o)] = true
	}
	n := 0
	for _, gvk := range kinds(objs) {
		items, err := list(ctx, c, gvk, objs[0].GetNamespace())
		if err != nil {
			return 0, err
		}
		for i := range items {
			if want[key(&items[i])] && pred(&items[i]) {
				n++
			}
		}
	}
	return n, nil
}

// key names an object by group, kind and name (the version does not matter).
func key(o *unstructured.Unstructured) string {
	return o.GroupVersionKind().GroupKind().String() + "/" + o.GetName()
}

// list lists the objects of one kind in a namespace.
func list(ctx context.Context, c client.Client, gvk schema.GroupVersionKind, namespace string) ([]unstructured.Unstructured, error) {
	l := &unstructured.UnstructuredList{}
	l.SetGroupVersionKind(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
	if err := c.List(ctx, l, client.InNamespace(namespace)); err != nil {
		return nil, err
	}
	return l.Items, nil
}

// isReady reports whether obj's Ready condition is True.
func isReady(obj *unstructured.Unstructured) bool {
	return readyStatus(obj) == "True"
}

// hasReadyCondition reports whether the controller has written obj's Ready condition.
func hasReadyCondition(obj *unstructured.Unstructured) bool {
	return readyStatus(obj) != ""
}

// readyStatus is the status of obj's Ready condition, "" when it has none.
func readyStatus(obj *unstructured.Unstructured) string {
	conds, _, _ := unstructured.NestedSlice(obj.Object, "status", "conditions")
	for _, c := range conds {
		if m, _ := c.(map[string]any); m["type"] == "Ready" {
			s, _ := m["status"].(string)
			return s
		}
	}
	return ""
}

// waitFor polls count every interval until done accepts it or timeout passes; it returns the
// last count and the time waited.
func waitFor(ctx context.Context, timeout, interval time.Duration, count func() (int, error), done func(int) bool) (int, time.Duration, error) {
	start := time.Now()
	for {
		n, err := count()
		if err != nil || done(n) || time.Since(start) > timeout {
			return n, time.Since(start), err
		}
		select {
		case <-ctx.Done():
			return n, time.Since(start), ctx.Err()
		case <-time.After(interval):
		}
	}
}

// remaining counts the objects of the kinds left in namespace.
func remaining(ctx context.Context, c client.Client, gvks []schema.GroupVersionKind, namespace string) (int, error) {
	n := 0
	for _, gvk := range gvks {
		items, err := list(ctx, c, gvk, namespace)
		if err != nil {
			return 0, err
		}
		n += len(items)
	}
	return n, nil
}
