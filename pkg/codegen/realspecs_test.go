package codegen

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"github.com/asogen/asogen/pkg/config"
)

// realSpecsConfigFile lists every resource of the corpus in testdata/realspecs (fetched from
// Azure/azure-rest-api-specs, see its SOURCES.md), with group, kind and versions only except the
// entries its comments say need more.
const realSpecsConfigFile = "testdata/realspecs/config.yaml"

// realCorpus is one corpus config, generated into its own temporary folder.
type realCorpus struct {
	name string
	cfg  *config.Config
	rel  string
}

// TestRealSpecsCorpusServed generates every resource of testdata/realspecs and, when
// ASOGEN_AZURE_SPECS is set, of the shared corpus (testdata/realcorpus) into temporary folders
// inside the module (asogen's deepcopy files and CRDs included), runs go vet on them, then starts
// one envtest API server with every CRD asogen wrote and applies every generated sample at its API
// version: the CRD is accepted and the object reads back with the spec it was sent.
func TestRealSpecsCorpusServed(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go tool and envtest")
	}
	if os.Getenv("KUBEBUILDER_ASSETS") == "" {
		t.Skip("KUBEBUILDER_ASSETS is not set")
	}
	root := repoRoot(t)
	corpora := realSpecsCorpora(t, root)
	var crdDirs, patterns []string
	var samples []*unstructured.Unstructured
	kinds := 0
	for _, c := range corpora {
		for p, b := range generateInMemory(t, c.cfg) {
			writeFile(t, filepath.Join(root, filepath.FromSlash(p)), b)
		}
		crdDir := filepath.Join(root, filepath.FromSlash(c.cfg.Output.Manifests), "crd", "bases") // asogen's CRDs
		pattern := "./" + c.rel + "/..."
		crdDirs, patterns = append(crdDirs, crdDir), append(patterns, pattern)
		got := readSamples(t, filepath.Join(root, filepath.FromSlash(c.rel), "samples"))
		if len(got) < versionCount(c.cfg) {
			t.Fatalf("%s: %d samples for %d resource versions", c.name, len(got), versionCount(c.cfg))
		}
		samples, kinds = append(samples, got...), kinds+len(c.cfg.Resources)
	}
	goTool(t, root, append([]string{"vet"}, patterns...)...)
	c := startEnvtest(t, crdDirs)
	for _, u := range samples {
		applyAndReadBack(t, c, u.DeepCopy())
	}
	t.Run("NameConstraintsRejected", func(t *testing.T) { rejectBadNames(t, c, samples) })
	t.Logf("%d corpora, %d kinds generated, %d samples served", len(corpora), kinds, len(samples))
}

// TestRealSpecsCorpusSize keeps the README's count honest: with the shared corpus, at least 25
// resource types from at least 12 services.
func TestRealSpecsCorpusSize(t *testing.T) {
	realCorpusSpecs(t)
	root := repoRoot(t)
	kinds, services := 0, map[string]bool{}
	for _, c := range realSpecsCorpora(t, root) {
		kinds += len(c.cfg.Resources)
		for _, g := range c.cfg.Groups {
			services[strings.Split(g.Path, "/")[1]] = true // specification/<service>/...
		}
	}
	if kinds < 25 || len(services) < 12 {
		t.Errorf("the corpus has %d resource types from %d services, want at least 25 from 12", kinds, len(services))
	}
	t.Logf("%d resource types from %d services", kinds, len(services))
}

// realSpecsCorpora returns the fetched corpus and, when ASOGEN_AZURE_SPECS is set, the shared
// one, each with its output below a temporary folder of its own.
func realSpecsCorpora(t *testing.T, root string) []realCorpus {
	rel := realCorpusDir(t, root)
	out := []realCorpus{{name: "testdata/realspecs", cfg: loadCorpusConfig(t, root, realSpecsConfigFile, rel), rel: rel}}
	if os.Getenv("ASOGEN_AZURE_SPECS") != "" {
		shared := realCorpusDir(t, root)
		out = append(out, realCorpus{name: "ASOGEN_AZURE_SPECS", cfg: realCorpusConfig(t, root, shared), rel: shared})
	} else {
		t.Log("ASOGEN_AZURE_SPECS is not set: the shared corpus is left out")
	}
	return out
}

// loadCorpusConfig loads a corpus config with the module root as its folder and every output
// root below rel, samples included.
func loadCorpusConfig(tb testing.TB, root, file, rel string) *config.Config {
	cfg, err := config.Load(filepath.Join(root, filepath.FromSlash(file)))
	if err != nil {
		tb.Fatal(err)
	}
	cfg.Dir, cfg.Module = root, "github.com/asogen/asogen"
	cfg.Output = config.Output{API: rel + "/api", Registry: rel + "/controllers", Manifests: rel + "/config", Samples: rel + "/samples"}
	return cfg
}

func versionCount(cfg *config.Config) int {
	n := 0
	for _, r := range cfg.Resources {
		n += len(r.Versions)
	}
	return n
}

// readSamples decodes every YAML document below dir.
func readSamples(t *testing.T, dir string) []*unstructured.Unstructured {
	t.Helper()
	var out []*unstructured.Unstructured
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		u := &unstructured.Unstructured{}
		if err := yaml.Unmarshal(b, &u.Object); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out = append(out, u)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// startEnvtest starts one API server with the CRDs in dirs and returns a client for it.
func startEnvtest(t *testing.T, dirs []string) client.Client {
	t.Helper()
	env := &envtest.Environment{CRDDirectoryPaths: dirs, ErrorIfCRDPathMissing: true}
	cfg, err := env.Start()
	if err != nil {
		t.Fatalf("envtest: %v", err)
	}
	t.Cleanup(func() { _ = env.Stop() })
	c, err := client.New(cfg, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// applyAndReadBack creates u in the default namespace and checks the stored spec equals it.
func applyAndReadBack(t *testing.T, c client.Client, u *unstructured.Unstructured) {
	t.Helper()
	ctx := context.Background()
	u.SetNamespace("default")
	want, _, _ := unstructured.NestedMap(u.Object, "spec")
	if err := c.Create(ctx, u); err != nil {
		t.Errorf("create %s %s: %v", u.GetAPIVersion(), u.GetKind(), err)
		return
	}
	got := &unstructured.Unstructured{}
	got.SetGroupVersionKind(u.GroupVersionKind())
	if err := c.Get(ctx, client.ObjectKeyFromObject(u), got); err != nil {
		t.Errorf("get %s %s: %v", u.GetAPIVersion(), u.GetKind(), err)
		return
	}
	spec, _, _ := unstructured.NestedMap(got.Object, "spec")
	if !equalJSON(want, spec) {
		t.Errorf("%s %s: spec changed on the way through the API server:\nsent %v\nread %v", u.GetAPIVersion(), u.GetKind(), want, spec)
	}
}

// badNames are names the fetched specs' name parameters forbid, by group and kind: the API
// server rejects them (spec.azureName) before any ARM call.
var badNames = []struct{ group, kind, name string }{
	{"powerbidedicated", "Capacity", "Bad-Name"}, // pattern ^[a-z][a-z0-9]*$
	{"powerbidedicated", "Capacity", "ab"},       // minLength 3
	{"relay", "Namespace", "short"},              // minLength 6
}

// rejectBadNames sends each generated sample of badNames' kinds again with a forbidden
// spec.azureName and expects the API server to refuse it, naming the field.
func rejectBadNames(t *testing.T, c client.Client, samples []*unstructured.Unstructured) {
	for _, b := range badNames {
		u := findSample(t, samples, b.group, b.kind)
		u.SetName(u.GetName() + "-bad")
		u.SetNamespace("default")
		if err := unstructured.SetNestedField(u.Object, b.name, "spec", "azureName"); err != nil {
			t.Fatal(err)
		}
		err := c.Create(context.Background(), u)
		if err == nil || !strings.Contains(err.Error(), "spec.azureName") {
			t.Errorf("%s %s with azureName %q: got %v, want the API server to reject spec.azureName", b.group, b.kind, b.name, err)
		}
	}
}

// findSample returns a copy of the first sample of group (the Kubernetes group's first label) and kind.
func findSample(t *testing.T, samples []*unstructured.Unstructured, group, kind string) *unstructured.Unstructured {
	t.Helper()
	for _, u := range samples {
		gvk := u.GroupVersionKind()
		if gvk.Kind == kind && strings.Split(gvk.Group, ".")[0] == group {
			return u.DeepCopy()
		}
	}
	t.Fatalf("no sample of %s %s", group, kind)
	return nil
}

// equalJSON compares two decoded objects by their JSON form (map keys sorted, numbers as text).
func equalJSON(a, b map[string]any) bool {
	x, errA := json.Marshal(a)
	y, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(x, y)
}
