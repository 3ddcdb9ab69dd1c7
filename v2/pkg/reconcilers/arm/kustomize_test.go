package arm_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	jsonpatch "github.com/evanphx/json-patch/v5"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	"github.com/asogen/asogen/v2/internal/localrun"
)

// kustomization is the part of v2/config/crd/kustomization.yaml this test renders.
type kustomization struct {
	Resources []string `json:"resources"`
	Patches   []struct {
		Path   string `json:"path"`
		Target struct {
			Group string `json:"group"`
			Kind  string `json:"kind"`
		} `json:"target"`
	} `json:"patches"`
}

// The CRD kustomization asogen writes lists every CRD controller-gen wrote and patches each to
// be served through the conversion webhook with cert-manager's CA injection; the API server
// accepts the rendered CRDs (a dry-run update of the installed ones).
func TestServedKustomizedCRDsDeclareWebhookConversion(t *testing.T) {
	k := readKustomization(t)
	bases, _ := filepath.Glob(filepath.Join(localrun.ConfigDir("crd", "bases"), "*.yaml"))
	var want []string
	for _, b := range bases {
		want = append(want, "bases/"+filepath.Base(b))
	}
	if !slices.Equal(k.Resources, want) {
		t.Fatalf("kustomization resources %v, want every CRD in bases: %v", k.Resources, want)
	}
	for _, res := range k.Resources {
		crd := render(t, k, res)
		conv := crd.Spec.Conversion
		if conv == nil || conv.Strategy != apiextensionsv1.WebhookConverter || conv.Webhook.ClientConfig.Service == nil ||
			*conv.Webhook.ClientConfig.Service.Path != "/convert" || conv.Webhook.ClientConfig.Service.Name != "webhook-service" {
			t.Errorf("%s: conversion %+v, want the webhook at webhook-service/convert", res, conv)
		}
		if crd.Annotations["cert-manager.io/inject-ca-from"] != "system/serving-cert" {
			t.Errorf("%s: no CA injection annotation: %v", res, crd.Annotations)
		}
		dryRunUpdate(t, crd)
	}
}

func readKustomization(t *testing.T) kustomization {
	t.Helper()
	var k kustomization
	data, err := os.ReadFile(localrun.ConfigDir("crd", "kustomization.yaml"))
	if err == nil {
		err = yaml.Unmarshal(data, &k)
	}
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// render applies the kustomization's JSON patches to one CRD, as kustomize does.
func render(t *testing.T, k kustomization, res string) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	data := bytesOf(t)
	doc := data(yaml.YAMLToJSON(data(os.ReadFile(localrun.ConfigDir("crd", res)))))
	for _, p := range k.Patches {
		if p.Target.Kind != "CustomResourceDefinition" || p.Target.Group != "apiextensions.k8s.io" {
			t.Fatalf("patch %s targets %+v", p.Path, p.Target)
		}
		patch, err := jsonpatch.DecodePatch(data(yaml.YAMLToJSON(data(os.ReadFile(localrun.ConfigDir("crd", p.Path))))))
		if err != nil {
			t.Fatal(err)
		}
		doc = data(patch.Apply(doc))
	}
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := yaml.Unmarshal(doc, crd); err != nil {
		t.Fatal(err)
	}
	return crd
}

// dryRunUpdate asks the API server to validate crd in place of the installed one.
func dryRunUpdate(t *testing.T, crd *apiextensionsv1.CustomResourceDefinition) {
	t.Helper()
	installed := &apiextensionsv1.CustomResourceDefinition{}
	if err := suite.kube.Get(context.Background(), client.ObjectKey{Name: crd.Name}, installed); err != nil {
		t.Fatal(err)
	}
	crd.ResourceVersion = installed.ResourceVersion
	if err := suite.kube.Update(context.Background(), crd, client.DryRunAll); err != nil {
		t.Errorf("the API server refuses the rendered %s: %v", crd.Name, err)
	}
}

// bytesOf returns a function that fails the test on an error and otherwise returns the bytes.
func bytesOf(t *testing.T) func([]byte, error) []byte {
	return func(b []byte, err error) []byte {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
}
