package install

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// compared are the fields of each kind that must be the same in both installs.
var compared = map[string][]string{
	"CustomResourceDefinition":       {"spec", "metadata.annotations.cert-manager.io/inject-ca-from"},
	"MutatingWebhookConfiguration":   {"webhooks", "metadata.annotations.cert-manager.io/inject-ca-from"},
	"ValidatingWebhookConfiguration": {"webhooks", "metadata.annotations.cert-manager.io/inject-ca-from"},
	"ClusterRole":                    {"rules"},
	"Role":                           {"rules"},
	"ClusterRoleBinding":             {"roleRef", "subjects"},
	"RoleBinding":                    {"roleRef", "subjects"},
	"ServiceAccount":                 {"metadata.annotations"},
	"Service":                        {"spec.ports"},
	"Certificate":                    {"spec.dnsNames", "spec.issuerRef"},
	"Issuer":                         {"spec"},
	"Deployment": {"spec.replicas", "spec.template.spec.serviceAccountName", "spec.template.spec.securityContext",
		"spec.template.spec.containers.0.image", "spec.template.spec.containers.0.args",
		"spec.template.spec.containers.0.env", "spec.template.spec.containers.0.ports",
		"spec.template.spec.containers.0.resources", "spec.template.spec.containers.0.securityContext",
		"spec.template.spec.containers.0.volumeMounts", "spec.template.metadata.labels.azure.workload.identity/use"},
}

// The chart with its default values, released as asogen in asogen-system, renders the objects the
// kustomization does (but the Namespace, which helm install --create-namespace makes), with the
// same names and the same fields where they matter.
func TestInstallChartMatchesKustomize(t *testing.T) {
	k, h := byKey(renderKustomize(t)), byKey(renderChart(t))
	if got, want := keys(h, ""), keys(k, "Namespace"); !reflect.DeepEqual(got, want) {
		t.Fatalf("the chart renders\n  %s\nthe kustomization\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	for name, ko := range k {
		for _, path := range compared[ko.GetKind()] {
			kv, hv := get(ko, path), get(h[name], path)
			if !reflect.DeepEqual(kv, hv) {
				t.Errorf("%s %s:\n  kustomize %v\n  chart     %v", name, path, kv, hv)
			}
		}
	}
}

// Every kind of both installs is compared somewhere above.
func TestInstallComparesEveryKind(t *testing.T) {
	for _, o := range append(renderKustomize(t), renderChart(t)...) {
		if _, ok := compared[o.GetKind()]; !ok && o.GetKind() != "Namespace" {
			t.Errorf("%s is rendered but not compared", key(o))
		}
	}
}

// The Service selects the Deployment's pods, in each install.
func TestInstallServiceSelectsThePods(t *testing.T) {
	for what, objs := range map[string][]*unstructured.Unstructured{"kustomize": renderKustomize(t), "chart": renderChart(t)} {
		var selector, labels map[string]string
		for _, o := range objs {
			switch o.GetKind() {
			case "Service":
				selector, _, _ = unstructured.NestedStringMap(o.Object, "spec", "selector")
			case "Deployment":
				labels, _, _ = unstructured.NestedStringMap(o.Object, "spec", "template", "metadata", "labels")
			}
		}
		for k, v := range selector {
			if labels[k] != v {
				t.Errorf("%s: the Service selects %s=%s, the pods have %q", what, k, v, labels[k])
			}
		}
	}
}

// The image of both installs is ghcr.io/asogen/controller:v + VERSION, and the chart's versions
// are VERSION.
func TestInstallFollowsVersion(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "VERSION"))
	if err != nil {
		t.Fatal(err)
	}
	version := strings.TrimSpace(string(data))
	for what, objs := range map[string][]*unstructured.Unstructured{"kustomize": renderKustomize(t), "chart": renderChart(t)} {
		for _, o := range objs {
			if o.GetKind() == "Deployment" {
				if img := get(o, "spec.template.spec.containers.0.image"); img != "ghcr.io/asogen/controller:v"+version {
					t.Errorf("%s: image %v, want ghcr.io/asogen/controller:v%s", what, img, version)
				}
			}
		}
	}
	chartYAML, _ := os.ReadFile(filepath.Join(root, "v2/charts/asogen/Chart.yaml"))
	for _, line := range []string{"version: " + version, `appVersion: "` + version + `"`} {
		if !strings.Contains(string(chartYAML), "\n"+line+"\n") {
			t.Errorf("Chart.yaml has no line %s", line)
		}
	}
}

func keys(m map[string]*unstructured.Unstructured, skipKind string) []string {
	var out []string
	for k, o := range m {
		if o.GetKind() != skipKind {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// get reads a dotted path; a number picks a list element, and a segment with a slash is the
// rest of a label or annotation key (cert-manager.io/inject-ca-from).
func get(o *unstructured.Unstructured, path string) any {
	var v any = o.Object
	parts := strings.Split(path, ".")
	for i := 0; i < len(parts); i++ {
		part := parts[i]
		if j := slashIndex(parts, i); j > i {
			part, i = strings.Join(parts[i:j+1], "."), j
		}
		v = step(v, part)
	}
	return v
}

// slashIndex is the index of the first part from i on that holds a slash, when the key it ends
// spans several dotted parts; i otherwise.
func slashIndex(parts []string, i int) int {
	for j := i; j < len(parts); j++ {
		if strings.Contains(parts[j], "/") {
			return j
		}
	}
	return i
}

func step(v any, part string) any {
	switch x := v.(type) {
	case map[string]any:
		return x[part]
	case []any:
		if i, err := strconv.Atoi(part); err == nil && i < len(x) {
			return x[i]
		}
	}
	return nil
}
