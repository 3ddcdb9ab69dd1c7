package localrun_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/internal/crdinstall"
	"github.com/asogen/asogen/v2/internal/localrun"
	"github.com/asogen/asogen/v2/internal/testing/envtestutil"
)

// --crd-pattern against an API server with none of the CRDs: the controller, with nothing but
// the generated roles, installs exactly the selected group's CRDs (server-side, as its field
// manager), serves their conversion webhook (an object written at its API version is stored at
// the hub's), reconciles the kind to Ready, and runs no controller for any other kind.
func TestInstallCRDPatternInstallsOneGroupAndReconcilesIt(t *testing.T) {
	env, _ := startEmptyControlPlane(t)
	kubeconfig := generatedRoleKubeconfig(t, env)
	ctl := startControllerIn(t, env, kubeconfig, crdPatternArgs(t, env, "resources.azure.com/*")...)
	eventually(t, time.Minute, "readyz", func() error { _, err := get("http://" + ctl.probes + "/readyz"); return err })

	crds := &apiextensionsv1.CustomResourceDefinitionList{}
	if err := env.Client.List(context.Background(), crds); err != nil {
		t.Fatal(err)
	}
	if len(crds.Items) != 1 || crds.Items[0].Name != "resourcegroups.resources.azure.com" {
		t.Fatalf("installed CRDs %v, want resourcegroups.resources.azure.com only", crdNames(crds))
	}
	if !appliedBy(crds.Items[0], crdinstall.FieldManager) {
		t.Errorf("the CRD's managed fields %+v have no Apply by %s", crds.Items[0].ManagedFields, crdinstall.FieldManager)
	}
	rg := resourceGroup("rg-crd-pattern")
	if err := env.Client.Create(context.Background(), rg); err != nil {
		t.Fatalf("creating a ResourceGroup: %v", err)
	}
	waitReadyIn(t, env.Client, rg)
	if names := controllerNames(t, ctl); !slices.Equal(names, []string{"resourcegroup.resources.azure.com"}) {
		t.Errorf("controllers %v, want resourcegroup.resources.azure.com only", names)
	}
	if out := ctl.Output(); strings.Contains(out, "forbidden") {
		t.Errorf("the controller was refused something:\n%s", lastLines(out, 20))
	}
}

// A pattern that selects none of the operator's CRDs stops it at start-up, exit code 2,
// naming the pattern, before it touches the cluster.
func TestInstallCRDPatternSelectingNothingExits2(t *testing.T) {
	runStartupCases(t, []startupCase{
		{"pattern selecting nothing", []string{"--kubeconfig=" + suite.kubeconfig, "--subscription-id=s", "--crd-pattern=resources.azure.com/*;nosuch.azure.com/*"}, nil, 2,
			`--crd-pattern (CRD_PATTERN) "resources.azure.com/*;nosuch.azure.com/*" selects no CRD of the operator: pattern "nosuch.azure.com/*"`},
		{"pattern from the environment", []string{"--kubeconfig=" + suite.kubeconfig, "--subscription-id=s"}, []string{"CRD_PATTERN=resources.azure.com"}, 2,
			`selects no CRD of the operator: pattern "resources.azure.com" (patterns are group/Kind)`},
	})
}

// startEmptyControlPlane starts a second kube-apiserver and etcd, with the webhook
// configurations and no CRD, and writes an administrator's kubeconfig for it.
func startEmptyControlPlane(t testing.TB) (*envtestutil.Environment, string) {
	t.Helper()
	env, err := localrun.StartControlPlaneWithoutCRDs()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = env.Stop() })
	kubeconfig, err := localrun.WriteKubeconfig(env, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return env, kubeconfig
}

// crdPatternArgs are the flags that install the CRDs of pattern with their conversion webhook
// at the controller's local webhook server: envtest's serving certificate, with its CA as
// ca.crt beside it as in cert-manager's Secret.
func crdPatternArgs(t testing.TB, env *envtestutil.Environment, pattern string) []string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"tls.crt", "tls.key"} {
		data, err := os.ReadFile(filepath.Join(env.Webhook.LocalServingCertDir, name))
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name), data, 0o600)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "ca.crt"), env.Webhook.LocalServingCAData, 0o600); err != nil {
		t.Fatal(err)
	}
	url := "https://" + net.JoinHostPort(env.Webhook.LocalServingHost, fmt.Sprint(env.Webhook.LocalServingPort))
	return []string{"--crd-pattern=" + pattern, "--webhook-url=" + url, "--webhook-cert-dir=" + dir}
}

func crdNames(crds *apiextensionsv1.CustomResourceDefinitionList) []string {
	var out []string
	for _, c := range crds.Items {
		out = append(out, c.Name)
	}
	return out
}

// appliedBy reports whether manager applied fields of crd server-side.
func appliedBy(crd apiextensionsv1.CustomResourceDefinition, manager string) bool {
	for _, f := range crd.ManagedFields {
		if f.Manager == manager && f.Operation == "Apply" {
			return true
		}
	}
	return false
}

// waitReadyIn waits until obj, read through c, is Ready.
func waitReadyIn(t *testing.T, c client.Client, obj *unstructured.Unstructured) {
	t.Helper()
	eventually(t, readyTimeout, obj.GetName()+" Ready", func() error {
		got := obj.DeepCopy()
		if err := c.Get(context.Background(), client.ObjectKeyFromObject(obj), got); err != nil {
			return err
		}
		if status, reason, msg := readyStatus(got); status != "True" {
			return fmt.Errorf("Ready=%s %s %s", status, reason, msg)
		}
		return nil
	})
}

var controllerLabel = regexp.MustCompile(`controller="([^"]+)"`)

// controllerNames lists the controllers the process's metrics name, sorted.
func controllerNames(t *testing.T, ctl *controllerProcess) []string {
	t.Helper()
	metrics, err := get("http://" + ctl.metrics + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range strings.Split(metrics, "\n") {
		if m := controllerLabel.FindStringSubmatch(l); strings.HasPrefix(l, "controller_runtime_active_workers") && m != nil && !slices.Contains(names, m[1]) {
			names = append(names, m[1])
		}
	}
	slices.Sort(names)
	return names
}
