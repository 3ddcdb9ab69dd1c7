package install

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/asogen/asogen/v2/internal/chart"
	"github.com/asogen/asogen/v2/internal/chart/render"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// root is the repository root: this package is v2/internal/install.
var root = filepath.Join("..", "..", "..")

// The release and namespace under which the chart's names are the kustomization's.
const release, namespace = "asogen", "asogen-system"

// renderKustomize renders v2/config/default as kubectl apply -k does.
func renderKustomize(t *testing.T) []*unstructured.Unstructured {
	t.Helper()
	m, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(filesys.MakeFsOnDisk(), filepath.Join(root, "v2/config/default"))
	if err != nil {
		t.Fatalf("kustomize build v2/config/default: %v", err)
	}
	var objs []*unstructured.Unstructured
	for _, r := range m.Resources() {
		data, err := r.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		objs = append(objs, decode(t, data))
	}
	return objs
}

// renderChart renders v2/charts/asogen with the default values, numbers as JSON's.
func renderChart(t *testing.T) []*unstructured.Unstructured {
	t.Helper()
	objs, err := render.Chart(filepath.Join(root, chart.Dir), release, namespace, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range objs {
		data, err := json.Marshal(o.Object)
		if err != nil {
			t.Fatal(err)
		}
		objs[i] = decode(t, data)
	}
	return objs
}

func decode(t *testing.T, data []byte) *unstructured.Unstructured {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return &unstructured.Unstructured{Object: m}
}

// byKey indexes objects by kind/namespace/name.
func byKey(objs []*unstructured.Unstructured) map[string]*unstructured.Unstructured {
	m := map[string]*unstructured.Unstructured{}
	for _, o := range objs {
		m[key(o)] = o
	}
	return m
}

func key(o *unstructured.Unstructured) string {
	return o.GetKind() + "/" + o.GetNamespace() + "/" + o.GetName()
}
