// Package crd writes the CustomResourceDefinition of every kind, <manifests>/crd/bases/
// <group>_<plural>.yaml, as controller-gen's CRD generator writes it from the printed API types:
// the schemas are derived from the type declarations emit prints (emit.TypeDecls), read the way
// controller-gen reads Go source (doc comments, kubebuilder markers, json tags).
package crd

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/codegen/manifests"
	"github.com/asogen/asogen/pkg/header"
	"github.com/asogen/asogen/pkg/naming"
)

// ControllerGenVersion is the controller-gen version whose output the CRDs reproduce (go.mod's
// pin); it is written in the annotation controller-gen sets.
const ControllerGenVersion = "v0.19.0"

// Generator writes the CRDs under Root (gen.Generator): a file per kind, in its group's unit, a
// batch per group (the group's files share the declarations they read).
type Generator struct {
	Root string
}

// Name names the generator.
func (Generator) Name() string { return "crd" }

// Files lists the CRDs of the kinds of the groups emit selects, sorted by path within a group.
func (g Generator) Files(m *astmodel.Model, emit func(group string) bool) ([]gen.Batch, error) {
	refs := make(map[string]astmodel.PackageRef, len(m.Packages))
	for ref := range m.Packages {
		refs[m.ImportPath(ref)] = ref
	}
	var batches []gen.Batch
	var r *resolver
	for i, k := range m.Kinds {
		if !emit(k.Group) {
			continue
		}
		if i == 0 || m.Kinds[i-1].Group != k.Group || r == nil {
			r = newResolver(m, refs)
			batches = append(batches, nil)
		}
		batches[len(batches)-1] = append(batches[len(batches)-1], g.file(r, k))
	}
	for _, b := range batches {
		slices.SortFunc(b, func(x, y gen.File) int { return strings.Compare(x.Path, y.Path) })
	}
	return batches, nil
}

// file is the CRD of one kind.
func (g Generator) file(r *resolver, k *astmodel.Kind) gen.File {
	return gen.File{
		Path:  path.Join(g.Root, "crd/bases", manifests.CRDFile(k.Group, k.Name)),
		Group: k.Group,
		Render: func(buf *bytes.Buffer) error {
			doc, err := r.document(k)
			if err != nil {
				return fmt.Errorf("CRD of %s/%s: %w", k.Group, k.Name, err)
			}
			return write(buf, doc, r.memo)
		},
	}
}

// document is a CRD as controller-gen writes it: no status, no creationTimestamp.
type document struct {
	APIVersion string                              `json:"apiVersion"`
	Kind       string                              `json:"kind"`
	Metadata   metadata                            `json:"metadata"`
	Spec       apiext.CustomResourceDefinitionSpec `json:"spec"`
}

type metadata struct {
	Annotations map[string]string `json:"annotations"`
	Name        string            `json:"name"`
}

// write prints the header line and the CRD as one YAML document, byte for byte as controller-gen
// writes it (go-yaml v2 over the JSON of the object): directly (yamlWriter), or through go-yaml
// for a shape the direct writer leaves to it.
func write(buf *bytes.Buffer, doc document, memo *memo) error {
	buf.WriteString(header.YAML + "\n---\n")
	start := buf.Len()
	err := writeDirect(buf, doc, memo)
	if !errors.Is(err, errUnsupported) {
		return err
	}
	buf.Truncate(start)
	out, err := yaml.Marshal(doc)
	buf.Write(out)
	return err
}

// writeDirect writes the document with yamlWriter, remembering text in memo.
func writeDirect(buf *bytes.Buffer, doc document, memo *memo) error {
	n, err := documentNode(doc)
	if err != nil {
		return err
	}
	w := yamlWriter{buf: buf, memo: memo}
	if err := w.mapping(n, 0, false); err != nil {
		return err
	}
	w.newline()
	return nil
}

// document builds the CRD of a kind: a version per package holding the kind, sorted by name.
func (r *resolver) document(k *astmodel.Kind) (document, error) {
	group, plural := astmodel.KubeGroup(k.Group), naming.Plural(k.Name)
	doc := document{
		APIVersion: "apiextensions.k8s.io/v1",
		Kind:       "CustomResourceDefinition",
		Metadata: metadata{
			Annotations: map[string]string{"controller-gen.kubebuilder.io/version": ControllerGenVersion},
			Name:        plural + "." + group,
		},
		Spec: apiext.CustomResourceDefinitionSpec{
			Group: group,
			Names: apiext.CustomResourceDefinitionNames{
				Kind: k.Name, ListKind: k.Name + "List", Plural: plural, Singular: strings.ToLower(k.Name),
			},
			Scope: apiext.NamespaceScoped,
		},
	}
	for _, ref := range k.AllPackages() {
		v, ok, err := r.version(ref, k.Name)
		if err != nil {
			return doc, err
		}
		if ok {
			doc.Spec.Versions = append(doc.Spec.Versions, v)
		}
	}
	return doc, finishVersions(doc.Spec.Versions)
}

// finishVersions sorts the versions by name and checks that exactly one is stored (the only
// version is).
func finishVersions(vs []apiext.CustomResourceDefinitionVersion) error {
	slices.SortFunc(vs, func(a, b apiext.CustomResourceDefinitionVersion) int { return strings.Compare(a.Name, b.Name) })
	if len(vs) == 1 {
		vs[0].Storage = true
	}
	stored := 0
	for _, v := range vs {
		if v.Storage {
			stored++
		}
	}
	if stored != 1 {
		return fmt.Errorf("%d storage versions, want 1", stored)
	}
	return nil
}

// version is the CRD version of a package's resource type; false when the package has none.
func (r *resolver) version(ref astmodel.PackageRef, kind string) (apiext.CustomResourceDefinitionVersion, bool, error) {
	var v apiext.CustomResourceDefinitionVersion
	if _, ok := r.model.Packages[ref]; !ok {
		return v, false, nil
	}
	p, err := r.pkg(ref)
	if err != nil {
		return v, false, err
	}
	decl, ok := p.decls[kind]
	if !ok {
		return v, false, nil
	}
	ms, err := readMarkers(readComment(decl.Decs.Start).markers)
	if err != nil {
		return v, false, err
	}
	s, err := r.typeSchema(p, kind)
	if err != nil {
		return v, false, err
	}
	root := *s
	root.Properties = maps.Clone(root.Properties)
	root.Properties["metadata"] = apiext.JSONSchemaProps{Type: "object"}
	v = apiext.CustomResourceDefinitionVersion{
		Name: ref.KubeVersion(), Served: true, Storage: ms.resource.storage,
		Schema:                   &apiext.CustomResourceValidation{OpenAPIV3Schema: &root},
		AdditionalPrinterColumns: ms.resource.columns,
	}
	if ms.resource.status {
		v.Subresources = &apiext.CustomResourceSubresources{Status: &apiext.CustomResourceSubresourceStatus{}}
	}
	return v, true, nil
}
