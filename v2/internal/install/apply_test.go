package install

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/asogen/asogen/v2/internal/testing/envtestutil"
	admissionv1 "k8s.io/api/admissionregistration/v1"
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Each install, applied with server-side apply to its own kube-apiserver (envtest) that has
// cert-manager's Certificate and Issuer CRDs: every object is accepted, the webhook
// configurations and the CRDs' conversion webhooks call the install's Service, and RBAC grants
// the Deployment's ServiceAccount every rule of the roles (and no more).
func TestInstallApplies(t *testing.T) {
	installs := map[string]func(*testing.T) []*unstructured.Unstructured{"kustomize": renderKustomize, "chart": renderChart}
	for _, name := range []string{"kustomize", "chart"} {
		t.Run(name, func(t *testing.T) {
			objs := installs[name](t)
			c := startAPIServer(t)
			ctx := context.Background()
			applyAll(ctx, t, c, objs)
			checkServiceReferences(ctx, t, c)
			checkRBAC(ctx, t, c, objs)
		})
	}
}

func startAPIServer(t *testing.T) client.Client {
	t.Helper()
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	if err := apiextensionsv1.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	env, err := envtestutil.New(envtestutil.Options{Scheme: s, CRDPaths: []string{filepath.Join("testdata", "certmanager", "crds")}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := env.Stop(); err != nil {
			t.Errorf("stopping envtest: %v", err)
		}
	})
	return env.Client
}

// applyAll creates the namespace (as helm install --create-namespace; the kustomization has its
// own Namespace, applied first) and applies every object, each of which must be accepted.
func applyAll(ctx context.Context, t *testing.T, c client.Client, objs []*unstructured.Unstructured) {
	t.Helper()
	ns := &corev1.Namespace{}
	ns.Name = namespace
	if err := c.Create(ctx, ns); err != nil {
		t.Fatal(err)
	}
	for _, o := range objs {
		if o.GetKind() == "Namespace" {
			continue
		}
		err := c.Apply(ctx, client.ApplyConfigurationFromUnstructured(o), client.FieldOwner("asogen-install-test"), client.ForceOwnership)
		if err != nil {
			t.Errorf("applying %s: %v", key(o), err)
		}
	}
}

// checkServiceReferences reads back every webhook configuration and the conversion webhook of
// every asogen CRD: each calls a Service that exists, on its port.
func checkServiceReferences(ctx context.Context, t *testing.T, c client.Client) {
	t.Helper()
	var refs []*admissionv1.ServiceReference
	var mutating admissionv1.MutatingWebhookConfigurationList
	var validating admissionv1.ValidatingWebhookConfigurationList
	var crds apiextensionsv1.CustomResourceDefinitionList
	for _, list := range []client.ObjectList{&mutating, &validating, &crds} {
		if err := c.List(ctx, list); err != nil {
			t.Fatal(err)
		}
	}
	for _, w := range mutating.Items {
		refs = append(refs, webhookRefs(w.Webhooks)...)
	}
	for _, w := range validating.Items {
		refs = append(refs, validatingRefs(w.Webhooks)...)
	}
	refs = append(refs, conversionRefs(t, crds.Items)...)
	if len(refs) < len(crds.Items) {
		t.Fatalf("%d service references for %d CRDs", len(refs), len(crds.Items))
	}
	for _, ref := range refs {
		checkService(ctx, t, c, ref)
	}
}

func webhookRefs(ws []admissionv1.MutatingWebhook) []*admissionv1.ServiceReference {
	var refs []*admissionv1.ServiceReference
	for _, w := range ws {
		refs = append(refs, w.ClientConfig.Service)
	}
	return refs
}

func validatingRefs(ws []admissionv1.ValidatingWebhook) []*admissionv1.ServiceReference {
	var refs []*admissionv1.ServiceReference
	for _, w := range ws {
		refs = append(refs, w.ClientConfig.Service)
	}
	return refs
}

// conversionRefs are the conversion webhooks of the CRDs not cert-manager's, as webhook service
// references.
func conversionRefs(t *testing.T, crds []apiextensionsv1.CustomResourceDefinition) []*admissionv1.ServiceReference {
	t.Helper()
	var refs []*admissionv1.ServiceReference
	for _, crd := range crds {
		if crd.Spec.Group == "cert-manager.io" {
			continue
		}
		conv := crd.Spec.Conversion
		if conv == nil || conv.Strategy != apiextensionsv1.WebhookConverter || conv.Webhook.ClientConfig.Service == nil {
			t.Errorf("CRD %s has no conversion webhook service", crd.Name)
			continue
		}
		s := conv.Webhook.ClientConfig.Service
		refs = append(refs, &admissionv1.ServiceReference{Namespace: s.Namespace, Name: s.Name, Path: s.Path, Port: s.Port})
	}
	return refs
}

func checkService(ctx context.Context, t *testing.T, c client.Client, ref *admissionv1.ServiceReference) {
	t.Helper()
	if ref == nil {
		t.Error("a webhook calls a URL, not the install's Service")
		return
	}
	var svc corev1.Service
	if err := c.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, &svc); err != nil {
		t.Errorf("webhook service %s/%s: %v", ref.Namespace, ref.Name, err)
		return
	}
	port := int32(443)
	if ref.Port != nil {
		port = *ref.Port
	}
	for _, p := range svc.Spec.Ports {
		if p.Port == port {
			return
		}
	}
	t.Errorf("service %s/%s has no port %d", ref.Namespace, ref.Name, port)
}
