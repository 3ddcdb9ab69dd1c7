package operator

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/api/resource"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// configDir is v2/config.
func configDir(elem ...string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(append([]string{filepath.Dir(file), "..", "..", "config"}, elem...)...)
}

// renderInstall renders v2/config/default as `kubectl apply -k` would.
func renderInstall(t *testing.T) resmap.ResMap {
	t.Helper()
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	m, err := k.Run(filesys.MakeFsOnDisk(), configDir("default"))
	if err != nil {
		t.Fatalf("kustomize build v2/config/default: %v", err)
	}
	return m
}

// field reads a string at a dotted path of the only resource of the kind (and name, when given).
func field(t *testing.T, m resmap.ResMap, kind, name, path string) string {
	t.Helper()
	for _, r := range m.Resources() {
		if r.GetKind() != kind || name != "" && r.GetName() != name {
			continue
		}
		v, err := r.GetFieldValue(path)
		if err != nil {
			t.Fatalf("%s %s: %s: %v", kind, r.GetName(), path, err)
		}
		return fmt.Sprint(v)
	}
	t.Fatalf("no %s %s in the rendered install", kind, name)
	return ""
}

// The kustomization renders the whole install with consistent names: the conversion webhook and
// the admission webhooks call the renamed Service, the certificate covers its DNS name, and
// cert-manager injects the CA from that certificate everywhere; the operator's defaults for the
// CRDs it installs itself name the same Service and Certificate.
func TestOperatorInstallRendersConsistently(t *testing.T) {
	m := renderInstall(t)
	const ns, svc, ca = "asogen-system", "asogen-webhook-service", "asogen-system/asogen-serving-cert"
	for _, r := range m.Resources() {
		switch r.GetKind() {
		case "CustomResourceDefinition":
			checkEqual(t, r.GetName(), "conversion service", str(t, r, "spec.conversion.webhook.clientConfig.service.name"), svc)
			checkEqual(t, r.GetName(), "conversion namespace", str(t, r, "spec.conversion.webhook.clientConfig.service.namespace"), ns)
			checkEqual(t, r.GetName(), "CA injection", r.GetAnnotations()["cert-manager.io/inject-ca-from"], ca)
		case "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration":
			checkEqual(t, r.GetName(), "CA injection", r.GetAnnotations()["cert-manager.io/inject-ca-from"], ca)
			checkEqual(t, r.GetName(), "webhook service", str(t, r, "webhooks[0].clientConfig.service.name"), svc)
			checkEqual(t, r.GetName(), "webhook namespace", str(t, r, "webhooks[0].clientConfig.service.namespace"), ns)
		}
	}
	checkEqual(t, "Certificate", "DNS name", field(t, m, "Certificate", "", "spec.dnsNames[0]"), svc+"."+ns+".svc")
	checkEqual(t, "Deployment", "namespace", field(t, m, "Deployment", "", "metadata.namespace"), ns)
	// the CRDs --crd-pattern installs name the same Service and Certificate by default
	cfg, err := ParseConfig([]string{"--subscription-id=s"}, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	checkEqual(t, "--webhook-service", "default", cfg.WebhookService.String(), ns+"/"+svc)
	checkEqual(t, "--webhook-certificate", "default", cfg.WebhookCertificate.String(), ca)
}

// The deployment runs as non-root with a read-only root filesystem, resource requests, probes
// and the webhook certificate mounted where the binary looks.
func TestOperatorDeploymentIsHardened(t *testing.T) {
	m := renderInstall(t)
	get := func(path string) string { return field(t, m, "Deployment", "", path) }
	checkEqual(t, "Deployment", "runAsNonRoot", get("spec.template.spec.securityContext.runAsNonRoot"), "true")
	checkEqual(t, "Deployment", "readOnlyRootFilesystem", get("spec.template.spec.containers[0].securityContext.readOnlyRootFilesystem"), "true")
	checkEqual(t, "Deployment", "allowPrivilegeEscalation", get("spec.template.spec.containers[0].securityContext.allowPrivilegeEscalation"), "false")
	checkEqual(t, "Deployment", "cpu request", get("spec.template.spec.containers[0].resources.requests.cpu"), "100m")
	checkEqual(t, "Deployment", "liveness", get("spec.template.spec.containers[0].livenessProbe.httpGet.path"), "/healthz")
	checkEqual(t, "Deployment", "readiness", get("spec.template.spec.containers[0].readinessProbe.httpGet.path"), "/readyz")
	args := strings.Join(mustSlice(t, m), " ")
	if !strings.Contains(args, "--webhook-cert-dir=/tmp/k8s-webhook-server/serving-certs") {
		t.Errorf("the binary is not pointed at the mounted certificate: %s", args)
	}
}

func mustSlice(t *testing.T, m resmap.ResMap) []string {
	t.Helper()
	for _, r := range m.Resources() {
		if r.GetKind() == "Deployment" {
			args, err := r.GetSlice("spec.template.spec.containers[0].args")
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, a := range args {
				out = append(out, a.(string))
			}
			return out
		}
	}
	t.Fatal("no Deployment")
	return nil
}

func str(t *testing.T, r *resource.Resource, path string) string {
	t.Helper()
	s, err := r.GetString(path)
	if err != nil {
		t.Fatalf("%s %s: %s: %v", r.GetKind(), r.GetName(), path, err)
	}
	return s
}

func checkEqual(t *testing.T, what, field, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s: %s = %q, want %q", what, field, got, want)
	}
}
