package crdinstall

import (
	"context"
	"encoding/base64"
	"time"

	"github.com/pkg/errors"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// FieldManager owns, through server-side apply, the fields of the CRDs the operator installs.
const FieldManager = "asogen-operator"

// establishTimeout bounds the wait for the API server to serve the installed CRDs.
const establishTimeout = time.Minute

// Webhook is where the API server sends the installed CRDs' conversion reviews.
type Webhook struct {
	// Service is the webhook Service (port 443) in the cluster, as v2/config/default names it.
	Service types.NamespacedName
	// Certificate (namespace/name) is cert-manager's Certificate whose CA its CA injector
	// copies into the CRD's caBundle, as the CRD kustomization's annotation says.
	Certificate string
	// URL, for an operator outside the cluster, replaces the Service: <URL>/convert, trusted
	// with CABundle.
	URL      string
	CABundle []byte
}

// Prepared is a copy of the CRD served through the conversion webhook, as the CRD kustomization
// renders it: every version converts through the kind's hub.
func (w Webhook) Prepared(c CRD) *unstructured.Unstructured {
	obj := c.Object.DeepCopy()
	conversion := map[string]any{"strategy": "Webhook", "webhook": map[string]any{
		"conversionReviewVersions": []any{"v1"},
		"clientConfig":             w.clientConfig(),
	}}
	_ = unstructured.SetNestedField(obj.Object, conversion, "spec", "conversion") // JSON values only
	if w.URL == "" {
		annotations := obj.GetAnnotations()
		if annotations == nil {
			annotations = map[string]string{}
		}
		annotations["cert-manager.io/inject-ca-from"] = w.Certificate
		obj.SetAnnotations(annotations)
	}
	return obj
}

// clientConfig leaves the caBundle of the Service to cert-manager's CA injector.
func (w Webhook) clientConfig() map[string]any {
	if w.URL != "" {
		return map[string]any{"url": w.URL + "/convert", "caBundle": base64.StdEncoding.EncodeToString(w.CABundle)}
	}
	return map[string]any{"service": map[string]any{
		"namespace": w.Service.Namespace, "name": w.Service.Name, "path": "/convert",
	}}
}

// Install applies each CRD (creating or upgrading it) and waits until the API server serves it.
func Install(ctx context.Context, c client.Client, w Webhook, crds []CRD) error {
	for _, crd := range crds {
		obj := client.ApplyConfigurationFromUnstructured(w.Prepared(crd))
		if err := c.Apply(ctx, obj, client.FieldOwner(FieldManager), client.ForceOwnership); err != nil {
			return errors.Wrapf(err, "installing the CRD %s", crd.Name)
		}
	}
	for _, crd := range crds {
		if err := waitEstablished(ctx, c, crd.Name); err != nil {
			return err
		}
	}
	return nil
}

func waitEstablished(ctx context.Context, c client.Reader, name string) error {
	var last error
	err := wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, establishTimeout, true, func(ctx context.Context) (bool, error) {
		crd := &apiextensionsv1.CustomResourceDefinition{}
		if last = c.Get(ctx, client.ObjectKey{Name: name}, crd); last != nil {
			return false, nil
		}
		return established(crd), nil
	})
	if err != nil && last == nil {
		last = errors.New("not established")
	}
	if err != nil {
		return errors.Errorf("the CRD %s was not served within %s: %v", name, establishTimeout, last)
	}
	return nil
}

func established(crd *apiextensionsv1.CustomResourceDefinition) bool {
	for _, cond := range crd.Status.Conditions {
		if cond.Type == apiextensionsv1.Established {
			return cond.Status == apiextensionsv1.ConditionTrue
		}
	}
	return false
}

// Installed lists which of the named CRDs the cluster has (get only: no list or watch).
func Installed(ctx context.Context, c client.Reader, names []string) (map[string]bool, error) {
	out := make(map[string]bool, len(names))
	for _, name := range names {
		err := c.Get(ctx, client.ObjectKey{Name: name}, &apiextensionsv1.CustomResourceDefinition{})
		switch {
		case err == nil:
			out[name] = true
		case !apierrors.IsNotFound(err):
			return nil, errors.Wrapf(err, "reading the CRD %s", name)
		}
	}
	return out, nil
}
