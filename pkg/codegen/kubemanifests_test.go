package codegen

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
	"gopkg.in/yaml.v3"
)

// oracleMarkers are hand-written rbac markers of a synthetic operator package: every argument,
// core, lists in both forms, "*", namespaces, and markers controller-gen does not take as the
// package's (a function's doc comment, a function body), which must not join the role.
const oracleMarkers = `// Package operator is hand-written code whose markers join the role.
// +kubebuilder:rbac:groups=core,resources=pods,verbs=get
package operator

// +kubebuilder:rbac:groups="",resources=secrets;configmaps,verbs=get;list
// +kubebuilder:rbac:groups=apps,resources=deployments,resourceNames=a;b,verbs=get
// +kubebuilder:rbac:urls=/metrics;/healthz,verbs=get
// +kubebuilder:rbac:groups=batch;apps,resources=jobs,verbs={create,delete}
// +kubebuilder:rbac:groups=batch,resources=jobs;cronjobs,verbs=*
// +kubebuilder:rbac:groups=batch,resources=cronjobs,verbs=get;watch
// +kubebuilder:rbac:groups=coordination.k8s.io,namespace=system,resources=leases,verbs=get;create;update
// +kubebuilder:rbac:groups=coordination.k8s.io,namespace=other,resources=leases,verbs=get

// F has markers in its doc comment and body; neither is the package's.
// +kubebuilder:rbac:groups=ignored.example.com,resources=x,verbs=get
func F() {
	// +kubebuilder:rbac:groups=ignored.example.com,resources=y,verbs=get
}
`

// TestWebhookManifestsMatchControllerGen: the webhook configurations asogen writes for the
// project's config and a synthetic corpus equal (as parsed YAML) those controller-gen's webhook
// generator writes from the markers of the generated hubs.
func TestWebhookManifestsMatchControllerGen(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs controller-gen")
	}
	for name, tree := range oracleTrees(t) {
		t.Run(name, func(t *testing.T) {
			out := t.TempDir()
			goTool(t, tree.root, "tool", "controller-gen", "webhook", "paths=./"+tree.cfg.Output.API+"/...", "output:webhook:dir="+out)
			compareYAML(t, readFile(t, filepath.Join(out, "manifests.yaml")), tree.file(t, "webhook/manifests.yaml"))
		})
	}
}

// TestRBACRoleMatchesControllerGen: the role asogen writes for the project's config (with its
// operator's and customizations' markers) and a synthetic corpus (with oracleMarkers) equals (as
// parsed YAML) the one controller-gen's rbac generator writes from the same packages.
func TestRBACRoleMatchesControllerGen(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs controller-gen")
	}
	for name, tree := range oracleTrees(t) {
		t.Run(name, func(t *testing.T) {
			out := t.TempDir()
			paths := []string{"./" + tree.cfg.Output.API + "/..."}
			for _, p := range tree.cfg.RBAC.Packages {
				paths = append(paths, "./"+p)
			}
			goTool(t, tree.root, "tool", "controller-gen", "rbac:roleName="+tree.cfg.RBAC.RoleName,
				"paths={"+strings.Join(paths, ",")+"}", "output:rbac:dir="+out)
			compareYAML(t, readFile(t, filepath.Join(out, "role.yaml")), tree.file(t, "rbac/role.yaml"))
		})
	}
}

// oracleTree is a generated tree inside the module for controller-gen to read, and what asogen
// generated for it.
type oracleTree struct {
	root  string
	cfg   *config.Config
	files map[string][]byte
}

// file is a generated manifest, by its path below the manifests root.
func (o oracleTree) file(t *testing.T, name string) []byte {
	b, ok := o.files[path.Join(o.cfg.Output.Manifests, name)]
	if !ok {
		t.Fatalf("asogen wrote no %s", name)
	}
	return b
}

// oracleTrees generates the project's config, whose API packages are the checked-in tree (kept
// current by asogen verify) with its operator's and customizations' markers, and a synthetic
// corpus of 10 kinds in 3 versions (without extensions), joined by oracleMarkers, written into a
// folder under pkg/codegen/testdata.
func oracleTrees(t *testing.T) map[string]oracleTree {
	root := repoRoot(t)
	project, err := config.Load(filepath.Join(root, "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	synthetic := syntheticConfig(t, 10, 3)
	rel := moduleTempDir(t, root, "tmp-kubemanifests-")
	synthetic.Dir, synthetic.Module = root, "github.com/asogen/asogen"
	synthetic.Output = config.Output{API: rel + "/api", Registry: rel + "/controllers", Manifests: rel + "/config", Samples: rel + "/samples"}
	for i := range synthetic.Resources { // their hand-written methods stay in the corpus's folder
		synthetic.Resources[i].Extensions = nil
	}
	synthetic.RBAC = config.RBAC{RoleName: "oracle-role", Packages: []string{rel + "/operator"}}
	writeFile(t, filepath.Join(root, rel, "operator", "rbac.go"), []byte(oracleMarkers))
	files := generateInMemory(t, synthetic)
	for p, b := range files {
		if strings.HasPrefix(p, synthetic.Output.API+"/") {
			writeFile(t, filepath.Join(root, filepath.FromSlash(p)), b)
		}
	}
	return map[string]oracleTree{
		"project":   {root: root, cfg: project, files: generateInMemory(t, project)},
		"synthetic": {root: root, cfg: synthetic, files: files},
	}
}

// moduleTempDir creates a folder under pkg/codegen/testdata (inside the module, never matched
// by ./...) and returns it relative to root; it is removed when the test ends.
func moduleTempDir(t *testing.T, root, prefix string) string {
	parent := filepath.Join(root, filepath.FromSlash(realCorpusParent))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp(parent, prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		os.RemoveAll(dir)
		os.Remove(parent) // only when empty
	})
	return path.Join(realCorpusParent, filepath.Base(dir))
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// compareYAML fails with the first path at which the documents of got and want differ.
func compareYAML(t *testing.T, want, got []byte) {
	t.Helper()
	w, g := yamlDocuments(t, want), yamlDocuments(t, got)
	if diff := firstYAMLDifference(w, g, ""); diff != "" {
		t.Errorf("asogen's output differs from controller-gen's at %s", diff)
	}
}

func yamlDocuments(t *testing.T, b []byte) []any {
	t.Helper()
	dec := yaml.NewDecoder(bytes.NewReader(b))
	var docs []any
	for {
		var doc any
		if err := dec.Decode(&doc); err != nil {
			if err.Error() == "EOF" {
				return docs
			}
			t.Fatal(err)
		}
		if doc != nil {
			docs = append(docs, doc)
		}
	}
}

// firstYAMLDifference is the first path (like [0].rules[3].verbs) where want and got differ, with
// both values; "" when they are equal.
func firstYAMLDifference(want, got any, at string) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			break
		}
		keys := slices.Sorted(func(yield func(string) bool) {
			for k := range w {
				yield(k)
			}
			for k := range g {
				if _, dup := w[k]; !dup {
					yield(k)
				}
			}
		})
		for _, k := range keys {
			if d := firstYAMLDifference(w[k], g[k], at+"."+k); d != "" {
				return d
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok {
			break
		}
		for i := range max(len(w), len(g)) {
			var wi, gi any = "(none)", "(none)"
			if i < len(w) {
				wi = w[i]
			}
			if i < len(g) {
				gi = g[i]
			}
			if d := firstYAMLDifference(wi, gi, fmt.Sprintf("%s[%d]", at, i)); d != "" {
				return d
			}
		}
		return ""
	}
	if reflect.DeepEqual(want, got) {
		return ""
	}
	return fmt.Sprintf("%s: controller-gen %v, asogen %v", at, want, got)
}
