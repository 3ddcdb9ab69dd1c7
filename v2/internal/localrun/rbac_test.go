package localrun_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	rbacv1 "k8s.io/api/rbac/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	"github.com/asogen/asogen/v2/internal/controllers"
	"github.com/asogen/asogen/v2/internal/localrun"
	"github.com/asogen/asogen/v2/internal/testing/envtestutil"
)

// renderedRoles reads the ClusterRole and the namespaced Role of v2/config/rbac/role.yaml.
func renderedRoles(t *testing.T) (*rbacv1.ClusterRole, *rbacv1.Role) {
	t.Helper()
	data, err := os.ReadFile(localrun.ConfigDir("rbac", "role.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cluster, role := &rbacv1.ClusterRole{}, &rbacv1.Role{}
	for _, doc := range strings.Split(string(data), "\n---\n") {
		var target any = cluster
		if strings.Contains(doc, "\nkind: Role\n") {
			target = role
		}
		if err := yaml.Unmarshal([]byte(doc), target); err != nil {
			t.Fatal(err)
		}
	}
	return cluster, role
}

// The generated ClusterRole grants, for the operator's kinds, exactly the verbs the reconciler
// uses (get, list, watch, patch, and update for the storage version migration; get and patch on
// status) on exactly the configured kinds, the Secrets it reads and exports, the CRDs it reads,
// installs (server-side apply: no update, list or watch) and migrates,
// the Events it records, the Namespaces whose reconcile policy it reads, the token and access
// reviews with which the metrics server authenticates and authorizes scrapers, and nothing
// through wildcards.
func TestOperatorRBACIsLeastPrivilege(t *testing.T) {
	cluster, _ := renderedRoles(t)
	granted := map[string][]string{}
	for _, rule := range cluster.Rules {
		for _, g := range rule.APIGroups {
			for _, r := range rule.Resources {
				if g == "*" || r == "*" || slices.Contains(rule.Verbs, "*") {
					t.Errorf("wildcard rule %+v", rule)
				}
				granted[g+"/"+r] = append(granted[g+"/"+r], rule.Verbs...)
			}
		}
	}
	want := map[string][]string{
		// which CRDs are installed (get, no list or watch); --crd-pattern applies the selected
		// ones server-side (patch, and create for a new one)
		"apiextensions.k8s.io/customresourcedefinitions":        {"create", "get", "patch"},
		"apiextensions.k8s.io/customresourcedefinitions/status": {"update"},
		// secret inputs are read and watched; exported secrets are written and deleted with their object
		"/secrets": {"create", "delete", "get", "list", "patch", "watch"},
		// likewise ...FromConfig inputs and exported ConfigMaps (operatorSpec.configMaps, configMapExpressions)
		"/configmaps": {"create", "delete", "get", "list", "patch", "watch"},
		// the UserAssignedIdentity KubernetesExporter writes workload-identity ServiceAccounts
		"/serviceaccounts": {"create", "delete", "get", "list", "patch", "watch"},
		"/events":          {"create", "patch"},
		"/namespaces":      {"get", "list", "watch"},
		// --metrics-secure: who is scraping, and may they GET /metrics
		"authentication.k8s.io/tokenreviews":        {"create"},
		"authorization.k8s.io/subjectaccessreviews": {"create"},
	}
	for _, r := range controllers.KnownResources() {
		want[r.GroupKind.Group+"/"+r.Plural] = []string{"get", "list", "patch", "update", "watch"}
		want[r.GroupKind.Group+"/"+r.Plural+"/status"] = []string{"get", "patch"}
	}
	for resource, verbs := range granted {
		slices.Sort(verbs)
		if !slices.Equal(verbs, want[resource]) {
			t.Errorf("%s: granted %v, the operator uses %v", resource, verbs, want[resource])
		}
	}
	if len(granted) != len(want) {
		t.Errorf("granted %d resources, the operator uses %d", len(granted), len(want))
	}
}

// The controller works with nothing but the generated roles: a user bound to them runs it, a
// ResourceGroup reaches Ready with no permission error logged, and the HTTPS metrics server
// authenticates and authorizes a scraper.
func TestOperatorRunsWithTheGeneratedRole(t *testing.T) {
	kubeconfig := generatedRoleKubeconfig(t, suite.env)
	ctl := startController(t, kubeconfig, "--metrics-secure=true")
	waitLeader(t, ctl)
	applyResourceGroup(t, "rg-rbac")
	// the metrics server may start listening after the controllers (a self-signed certificate
	// and the authentication filter first): the leader's controllers can win the race
	token := scraperToken(t, "rbac-metrics-reader", true)
	eventually(t, 15*time.Second, "scraping with the generated role", func() error { _, err := scrape(ctl.metrics, token); return err })
	time.Sleep(time.Second)
	if out := ctl.Output(); strings.Contains(out, "forbidden") {
		t.Errorf("the controller was refused something:\n%s", lastLines(out, 20))
	}
}

// generatedRoleKubeconfig binds the generated roles to a user of env and returns its kubeconfig.
func generatedRoleKubeconfig(t *testing.T, env *envtestutil.Environment) string {
	t.Helper()
	cluster, role := renderedRoles(t)
	const user = "asogen-operator"
	cluster.Name = "rbac-test-manager-role"
	role.Namespace = "default" // the namespace the local controller elects its leader in
	bind(t, env.Client, cluster, role, user)
	data, err := env.Kubeconfig(user)
	if err != nil {
		t.Fatal(err)
	}
	kubeconfig := filepath.Join(t.TempDir(), "kubeconfig")
	if err := os.WriteFile(kubeconfig, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return kubeconfig
}

// bind creates the roles in the cluster of c and binds them to user.
func bind(t *testing.T, c client.Client, cluster *rbacv1.ClusterRole, role *rbacv1.Role, user string) {
	t.Helper()
	subject := []rbacv1.Subject{{Kind: rbacv1.UserKind, APIGroup: rbacv1.GroupName, Name: user}}
	objs := []client.Object{
		cluster, role,
		&rbacv1.ClusterRoleBinding{ObjectMeta: meta(cluster.Name, ""), Subjects: subject,
			RoleRef: rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: cluster.Name}},
		&rbacv1.RoleBinding{ObjectMeta: meta(role.Name, role.Namespace), Subjects: subject,
			RoleRef: rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: role.Name}},
	}
	for _, o := range objs {
		if err := c.Create(context.Background(), o); err != nil {
			t.Fatalf("creating %T %s: %v", o, o.GetName(), err)
		}
	}
}
