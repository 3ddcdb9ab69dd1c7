package envtestutil

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var widgetGVK = schema.GroupVersionKind{Group: "test.asogen.io", Version: "v1", Kind: "Widget"}

func widget(name string, size int64) *unstructured.Unstructured {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(widgetGVK)
	u.SetNamespace("default")
	u.SetName(name)
	_ = unstructured.SetNestedField(u.Object, size, "spec", "size")
	_ = unstructured.SetNestedField(u.Object, "blue", "spec", "color")
	return u
}

// TestCreateAndReadBack runs the real kube-apiserver and etcd: the CRD is installed, an object
// is created, read back, and the CRD's schema validation rejects a bad one.
func TestCreateAndReadBack(t *testing.T) {
	_, c, stop := Start(t, filepath.Join("testdata", "crds"))
	defer stop()
	ctx := context.Background()
	if err := c.Create(ctx, widget("w1", 3)); err != nil {
		t.Fatal(err)
	}
	got := &unstructured.Unstructured{}
	got.SetGroupVersionKind(widgetGVK)
	if err := c.Get(ctx, client.ObjectKey{Namespace: "default", Name: "w1"}, got); err != nil {
		t.Fatal(err)
	}
	size, _, _ := unstructured.NestedInt64(got.Object, "spec", "size")
	color, _, _ := unstructured.NestedString(got.Object, "spec", "color")
	if size != 3 || color != "blue" || got.GetUID() == "" || got.GetResourceVersion() == "" {
		t.Fatalf("read back %v", got.Object)
	}
	err := c.Create(ctx, widget("w2", 0))
	if err == nil || !strings.Contains(err.Error(), "spec.size") {
		t.Fatalf("schema validation: %v", err)
	}
}

func TestMissingBinariesFail(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KUBEBUILDER_ASSETS", dir)
	_, err := New(Options{})
	if err == nil || !strings.Contains(err.Error(), "hack/envtest/install.sh") ||
		!strings.Contains(err.Error(), filepath.Join(dir, "kube-apiserver")) {
		t.Fatalf("error %v", err)
	}
}

func TestAssetsDir(t *testing.T) {
	cases := []struct {
		name, assets, override, cache, want string
	}{
		{"kubebuilder assets win", "/a", "/b", "/c", "/a"},
		{"asogen override", "", "/b", "/c", "/b"},
		{"xdg cache", "", "", "/c", "/c/asogen/envtest/k8s-1.34.2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("KUBEBUILDER_ASSETS", c.assets)
			t.Setenv("ASOGEN_ENVTEST_DIR", c.override)
			t.Setenv("XDG_CACHE_HOME", c.cache)
			if got, err := AssetsDir(); err != nil || got != c.want {
				t.Fatalf("AssetsDir() = %q, %v", got, err)
			}
		})
	}
	t.Setenv("KUBEBUILDER_ASSETS", "")
	t.Setenv("ASOGEN_ENVTEST_DIR", "")
	t.Setenv("XDG_CACHE_HOME", "")
	home, _ := os.UserHomeDir()
	if got, _ := AssetsDir(); got != filepath.Join(home, ".cache", "asogen", "envtest", "k8s-1.34.2") {
		t.Fatalf("default %q", got)
	}
}

// fakeTB records how Start ends the test when it cannot start.
type fakeTB struct {
	testing.TB
	failed, skipped string
}

func (f *fakeTB) Helper()        {}
func (f *fakeTB) Cleanup(func()) {}
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.failed = fmt.Sprintf(format, args...)
	runtime.Goexit()
}
func (f *fakeTB) Skipf(format string, args ...any) {
	f.skipped = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func TestStartFailsWithoutBinaries(t *testing.T) {
	t.Setenv("KUBEBUILDER_ASSETS", t.TempDir())
	f := &fakeTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Start(f)
	}()
	<-done
	if f.skipped != "" || !strings.Contains(f.failed, InstallHint) {
		t.Fatalf("failed %q skipped %q", f.failed, f.skipped)
	}
}
