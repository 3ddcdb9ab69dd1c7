package codegen

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
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
	if diff := yamlDifference(got, want); diff != "" {
		t.Errorf("asogen's output differs from controller-gen's at %s", diff)
	}
}
