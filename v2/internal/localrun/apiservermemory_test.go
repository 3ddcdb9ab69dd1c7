package localrun_test

import (
	"bufio"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/asogen/asogen/v2/internal/testing/envtestutil"
)

// settle is how long the API server is left after the CRDs are served (OpenAPI aggregation,
// discovery) before its memory is read.
const settle = 15 * time.Second

// The API server's memory with no CRD, with one group's CRDs (installed by --crd-pattern) and
// with every CRD: each case is a fresh kube-apiserver and etcd. Not an assertion: run with
//
//	go test ./v2/internal/localrun -run '^$' -bench BenchmarkInstallCRDPatternAPIServerMemory -benchtime 1x
//
// and read the reported apiserver-RSS-MiB and apiserver-heap-MiB (docs/operator.md records a run).
func BenchmarkInstallCRDPatternAPIServerMemory(b *testing.B) {
	for _, pattern := range []string{"", "resources.azure.com/*", "*"} {
		name := pattern
		if name == "" {
			name = "none"
		}
		b.Run(strings.ReplaceAll(name, "/", "_"), func(b *testing.B) {
			for range b.N {
				rss, heap, crds := apiServerMemory(b, pattern)
				b.ReportMetric(rss/(1<<20), "apiserver-RSS-MiB")
				b.ReportMetric(heap/(1<<20), "apiserver-heap-MiB")
				b.ReportMetric(float64(crds), "CRDs")
			}
		})
	}
}

// apiServerMemory starts a control plane, installs pattern's CRDs through the controller (none
// when empty), and returns kube-apiserver's resident and in-use heap bytes and the CRD count.
func apiServerMemory(b *testing.B, pattern string) (rss, heap float64, crds int) {
	env, kubeconfig := startEmptyControlPlane(b)
	if pattern != "" {
		ctl := startControllerIn(b, env, kubeconfig, crdPatternArgs(b, env, pattern)...)
		eventually(b, time.Minute, "readyz", func() error { _, err := get("http://" + ctl.probes + "/readyz"); return err })
	}
	time.Sleep(settle)
	metrics := apiServerMetrics(b, env)
	list := &apiextensionsv1.CustomResourceDefinitionList{}
	if err := env.Client.List(context.Background(), list); err != nil {
		b.Fatal(err)
	}
	return metrics["process_resident_memory_bytes"], metrics["go_memstats_heap_inuse_bytes"], len(list.Items)
}

// apiServerMetrics reads kube-apiserver's unlabelled metrics.
func apiServerMetrics(b *testing.B, env *envtestutil.Environment) map[string]float64 {
	cs, err := kubernetes.NewForConfig(env.Config)
	if err != nil {
		b.Fatal(err)
	}
	data, err := cs.Discovery().RESTClient().Get().AbsPath("/metrics").DoRaw(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	out := map[string]float64{}
	s := bufio.NewScanner(strings.NewReader(string(data)))
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		name, value, ok := strings.Cut(s.Text(), " ")
		if v, err := strconv.ParseFloat(value, 64); ok && err == nil && !strings.HasPrefix(name, "#") {
			out[name] = v
		}
	}
	return out
}
