// Package manifests writes the Kubernetes manifests asogen generates besides Go code: the CRD
// kustomization that serves every configured kind through the operator's conversion webhook
// (pkg/codegen/crd writes the CRDs themselves into <root>/crd/bases; the kustomization lists them
// and patches each with the webhook conversion stanza and cert-manager's CA injection
// annotation), the webhook configurations (<root>/webhook/manifests.yaml, webhooks.go), the
// operator's role (<root>/rbac/role.yaml, role.go) and the samples.
package manifests

import (
	"bytes"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/header"
	"github.com/asogen/asogen/pkg/naming"
)

// The webhook service and certificate a deployment provides; config/default renames them with
// its namePrefix and namespace, as kubebuilder's layout does.
const (
	ServiceNamespace = "system"
	ServiceName      = "webhook-service"
	CertificateName  = "serving-cert"
	ConversionPath   = "/convert"
)

// Files of the CRD kustomization, relative to the manifests root.
const (
	kustomizationFile = "crd/kustomization.yaml"
	conversionPatch   = "crd/patches/webhook_conversion.yaml"
	caInjectionPatch  = "crd/patches/cainjection.yaml"
)

// Generator writes the CRD kustomization and its patches under Root (gen.Generator). They belong
// to no group: they are written on every run.
type Generator struct {
	Root string
}

// Name names the generator.
func (Generator) Name() string { return "manifests" }

// Files lists the manifests, sorted by path, each a batch of its own.
func (g Generator) Files(m *astmodel.Model, _ func(group string) bool) ([]gen.Batch, error) {
	texts := map[string]func() string{
		kustomizationFile: func() string { return kustomization(m) },
		conversionPatch:   func() string { return conversionPatchText },
		caInjectionPatch:  func() string { return caInjectionPatchText },
	}
	var batches []gen.Batch
	for _, name := range slices.Sorted(maps.Keys(texts)) {
		text := texts[name]
		batches = append(batches, gen.Batch{{Path: path.Join(g.Root, name), Render: func(buf *bytes.Buffer) error {
			buf.WriteString(header.YAML + "\n" + text())
			return nil
		}}})
	}
	return batches, nil
}

// CRDFile is the CRD file of a kind, named as controller-gen names it: <group>_<plural>.yaml.
func CRDFile(group, kind string) string {
	return astmodel.KubeGroup(group) + "_" + naming.Plural(kind) + ".yaml"
}

func kustomization(m *astmodel.Model) string {
	var files []string
	for _, k := range m.Kinds {
		files = append(files, CRDFile(k.Group, k.Name))
	}
	slices.Sort(files)
	var b strings.Builder
	b.WriteString(kustomizationHead)
	for _, f := range slices.Compact(files) {
		b.WriteString("  - bases/" + f + "\n")
	}
	b.WriteString(kustomizationPatches)
	return b.String()
}

const kustomizationHead = `# The CRDs of every configured kind, as controller-gen writes them into bases/, served through the
# operator's conversion webhook (every version converts through the kind's hub). The webhook's
# certificate authority is injected by cert-manager's CA injector from the Certificate
# ` + ServiceNamespace + `/` + CertificateName + `; a deployment's kustomization renames the namespace and the names
# with its namespace and namePrefix (see docs/operator.md).
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
`

const kustomizationPatches = `patches:
  - path: patches/webhook_conversion.yaml
    target:
      group: apiextensions.k8s.io
      kind: CustomResourceDefinition
  - path: patches/cainjection.yaml
    target:
      group: apiextensions.k8s.io
      kind: CustomResourceDefinition
`

const conversionPatchText = `# Serve every version through the operator's conversion webhook.
- op: add
  path: /spec/conversion
  value:
    strategy: Webhook
    webhook:
      conversionReviewVersions:
        - v1
      clientConfig:
        service:
          namespace: ` + ServiceNamespace + `
          name: ` + ServiceName + `
          path: ` + ConversionPath + `
`

const caInjectionPatchText = `# cert-manager's CA injector fills spec.conversion.webhook.clientConfig.caBundle from this Certificate.
- op: add
  path: /metadata/annotations/cert-manager.io~1inject-ca-from
  value: ` + ServiceNamespace + `/` + CertificateName + `
`
