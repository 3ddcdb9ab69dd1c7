package render

import (
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// container is the Deployment's container, and its environment as name=value (or
// name=<secret>/<key>).
func container(t *testing.T, objs []*unstructured.Unstructured) (map[string]any, map[string]string) {
	t.Helper()
	cs, _, _ := unstructured.NestedSlice(find(t, objs, "Deployment").Object, "spec", "template", "spec", "containers")
	c := cs[0].(map[string]any)
	env := map[string]string{}
	for _, e := range c["env"].([]any) {
		e := e.(map[string]any)
		ref, _, _ := unstructured.NestedStringMap(e, "valueFrom", "secretKeyRef")
		if ref != nil {
			env[e["name"].(string)] = "<" + ref["name"] + "/" + ref["key"] + ">"
		} else if v, ok := e["value"]; ok {
			env[e["name"].(string)] = fmt.Sprint(v)
		}
	}
	return c, env
}

func checkEnv(t *testing.T, env map[string]string, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if env[k] != v {
			t.Errorf("env %s = %q, want %q", k, env[k], v)
		}
	}
}

// The settings values become the operator's environment variables and flags.
func TestChartSettings(t *testing.T) {
	objs := render(t, map[string]any{
		"targetNamespaces": []any{"a", "b"}, "operatorMode": "webhooks", "crdPattern": "resources.azure.com/*",
		"syncPeriod": "15m", "maxConcurrentReconciles": 4, "kubeAPI": map[string]any{"qps": 50, "burst": 100},
		"metrics": map[string]any{"secure": true, "port": 8443}, "leaderElection": map[string]any{"enabled": false},
		"replicas": 1, "image": map[string]any{"tag": "v9.9.9"},
	})
	c, env := container(t, objs)
	checkEnv(t, env, map[string]string{"AZURE_TARGET_NAMESPACES": "a,b", "AZURE_OPERATOR_MODE": "webhooks",
		"CRD_PATTERN": "resources.azure.com/*", "AZURE_SYNC_PERIOD": "15m", "MAX_CONCURRENT_RECONCILES": "4",
		"KUBE_API_QPS": "50", "KUBE_API_BURST": "100", "METRICS_SECURE": "true"})
	args := fmt.Sprint(c["args"])
	for _, want := range []string{"--leader-elect=false", "--metrics-bind-address=:8443"} {
		if !strings.Contains(args, want) {
			t.Errorf("args %s lack %s", args, want)
		}
	}
	if c["image"] != "ghcr.io/asogen/controller:v9.9.9" {
		t.Errorf("image %v", c["image"])
	}
	if r, _, _ := unstructured.NestedFieldNoCopy(find(t, objs, "Deployment").Object, "spec", "replicas"); fmt.Sprint(r) != "1" {
		t.Errorf("replicas %v", r)
	}
}

// Unset settings leave the operator's defaults: no variable at all.
func TestChartSettingsDefaultToNothing(t *testing.T) {
	_, env := container(t, render(t, nil))
	for _, name := range []string{"AZURE_TARGET_NAMESPACES", "AZURE_OPERATOR_MODE", "CRD_PATTERN", "AZURE_SYNC_PERIOD", "METRICS_SECURE", "KUBE_API_QPS"} {
		if v, ok := env[name]; ok {
			t.Errorf("%s = %q with default values", name, v)
		}
	}
}

// Workload identity: the ServiceAccount's annotations and the pod's label; global: every AZURE_*
// variable from the settings Secret and no workload identity label.
func TestChartCredentials(t *testing.T) {
	objs := render(t, map[string]any{"credential": map[string]any{"clientID": "cid", "tenantID": "tid"}})
	sa := find(t, objs, "ServiceAccount").GetAnnotations()
	if sa["azure.workload.identity/client-id"] != "cid" || sa["azure.workload.identity/tenant-id"] != "tid" {
		t.Errorf("ServiceAccount annotations %v", sa)
	}
	if podLabel(t, objs) != "true" {
		t.Error("workload identity: no azure.workload.identity/use label on the pod")
	}
	_, env := container(t, objs)
	checkEnv(t, env, map[string]string{"AZURE_CREDENTIAL": "workload-identity", "AZURE_SUBSCRIPTION_ID": "<aso-controller-settings/AZURE_SUBSCRIPTION_ID>"})

	objs = render(t, map[string]any{"credential": map[string]any{"kind": "global", "settingsSecret": "s"}})
	_, env = container(t, objs)
	checkEnv(t, env, map[string]string{"AZURE_CREDENTIAL": "client-secret", "AZURE_SUBSCRIPTION_ID": "<s/AZURE_SUBSCRIPTION_ID>",
		"AZURE_TENANT_ID": "<s/AZURE_TENANT_ID>", "AZURE_CLIENT_ID": "<s/AZURE_CLIENT_ID>", "AZURE_CLIENT_SECRET": "<s/AZURE_CLIENT_SECRET>"})
	if podLabel(t, objs) != "" || len(find(t, objs, "ServiceAccount").GetAnnotations()) != 0 {
		t.Error("global credential: workload identity label or annotations rendered")
	}
}

func TestChartRejectsUnknownCredential(t *testing.T) {
	_, err := Chart(chartDir, "asogen", "asogen-system", map[string]any{"credential": map[string]any{"kind": "magic"}})
	if err == nil || !strings.Contains(err.Error(), "credential.kind") {
		t.Errorf("err = %v, want a credential.kind error", err)
	}
}

func podLabel(t *testing.T, objs []*unstructured.Unstructured) string {
	t.Helper()
	l, _, _ := unstructured.NestedString(find(t, objs, "Deployment").Object, "spec", "template", "metadata", "labels", "azure.workload.identity/use")
	return l
}
