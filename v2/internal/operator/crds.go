package operator

import (
	"context"
	"os"
	"path/filepath"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/internal/controllers"
	"github.com/asogen/asogen/v2/internal/crdinstall"
	"github.com/asogen/asogen/v2/pkg/registration"
	"github.com/asogen/asogen/v2/pkg/storageversion"
)

// defaultCertDir is controller-runtime's webhook certificate folder.
var defaultCertDir = filepath.Join(os.TempDir(), "k8s-webhook-server", "serving-certs")

// servedResources installs the CRDs --crd-pattern selects, when the process runs the controllers,
// and returns the kinds to serve: those whose CRD the cluster has and, in a webhooks-only
// process, those the pattern selects (the controllers' process installs them).
func servedResources(ctx context.Context, cfg Config, kube *rest.Config, log logr.Logger) ([]registration.Resource, error) {
	c, err := crdClient(kube)
	if err != nil {
		return nil, err
	}
	if len(cfg.CRDPatterns) > 0 && cfg.runsWatchers() {
		if err := installCRDs(ctx, cfg, c, log); err != nil {
			return nil, err
		}
	}
	known := controllers.KnownResources()
	names := make([]string, len(known))
	for i, r := range known {
		names[i] = storageversion.CRDName(r)
	}
	installed, err := crdinstall.Installed(ctx, c, names)
	if err != nil {
		return nil, err
	}
	var out []registration.Resource
	for _, r := range known {
		if installed[storageversion.CRDName(r)] || (!cfg.runsWatchers() && cfg.CRDPatterns.Matches(r.GroupKind)) {
			out = append(out, r)
		}
	}
	log.Info("Serving the kinds whose CRD is installed", "kinds", len(out), "known", len(known))
	return out, nil
}

// crdClient reads and applies CRDs, typed or unstructured.
func crdClient(kube *rest.Config) (client.Client, error) {
	scheme := kruntime.NewScheme()
	if err := apiextensionsv1.AddToScheme(scheme); err != nil {
		return nil, err
	}
	c, err := client.New(kube, client.Options{Scheme: scheme})
	return c, errors.Wrap(err, "creating the CRD client")
}

// installCRDs applies the selected embedded CRDs and waits until they are served.
func installCRDs(ctx context.Context, cfg Config, c client.Client, log logr.Logger) error {
	w, err := conversionWebhook(cfg)
	if err != nil {
		return err
	}
	crds, err := crdinstall.Embedded()
	if err != nil {
		return err
	}
	selected := crdinstall.Select(crds, cfg.CRDPatterns)
	names := make([]string, len(selected))
	for i, crd := range selected {
		names[i] = crd.Name
	}
	log.Info("Installing CRDs", "pattern", cfg.CRDPatterns.String(), "crds", names)
	return crdinstall.Install(ctx, c, w, selected)
}

// conversionWebhook is the Service and Certificate in the cluster or, with --webhook-url, the
// URL and the CA of the webhook certificate folder.
func conversionWebhook(cfg Config) (crdinstall.Webhook, error) {
	w := crdinstall.Webhook{Service: cfg.WebhookService, Certificate: cfg.WebhookCertificate.String(), URL: cfg.WebhookURL}
	if w.URL == "" {
		return w, nil
	}
	dir := cfg.WebhookCertDir
	if dir == "" {
		dir = defaultCertDir
	}
	ca, err := os.ReadFile(filepath.Join(dir, "ca.crt"))
	if err != nil {
		return w, errors.Errorf("--webhook-url (WEBHOOK_URL) needs the CA of the webhook certificate: %v (set --webhook-cert-dir)", err)
	}
	w.CABundle = ca
	return w, nil
}
