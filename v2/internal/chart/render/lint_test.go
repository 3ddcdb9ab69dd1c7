package render

import (
	"path/filepath"
	"testing"

	"helm.sh/helm/v3/pkg/lint"
	"helm.sh/helm/v3/pkg/lint/support"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// chartDir is v2/charts/asogen: this package is v2/internal/chart/render.
var chartDir = filepath.Join("..", "..", "..", "charts", "asogen")

// helm lint (Helm's Go module, strict) finds nothing above INFO, with the defaults and with
// the global credential.
func TestChartLint(t *testing.T) {
	for _, values := range []map[string]any{nil, {"credential": map[string]any{"kind": "global"}}} {
		linter := lint.All(chartDir, values, "asogen-system", true)
		for _, m := range linter.Messages {
			if m.Severity > support.InfoSev {
				t.Errorf("helm lint (values %v): %s", values, m)
			}
		}
	}
}

func render(t *testing.T, values map[string]any) []*unstructured.Unstructured {
	t.Helper()
	objs, err := Chart(chartDir, "asogen", "asogen-system", values)
	if err != nil {
		t.Fatal(err)
	}
	return objs
}

func find(t *testing.T, objs []*unstructured.Unstructured, kind string) *unstructured.Unstructured {
	t.Helper()
	for _, o := range objs {
		if o.GetKind() == kind {
			return o
		}
	}
	t.Fatalf("no %s rendered", kind)
	return nil
}
