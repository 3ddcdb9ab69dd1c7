// Package crdinstall installs the CRDs the operator embeds (v2/config/crd) that --crd-pattern
// selects, with server-side apply, and tells which CRDs the cluster has: the operator runs
// controllers and webhooks only for those kinds.
package crdinstall

import (
	"io/fs"

	"github.com/pkg/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"

	"github.com/asogen/asogen/v2/config/crd"
)

// CRD is one embedded CustomResourceDefinition as controller-gen wrote it.
type CRD struct {
	Name      string // <plural>.<group>
	GroupKind schema.GroupKind
	Object    *unstructured.Unstructured
}

// Embedded reads the CRDs the binary carries.
func Embedded() ([]CRD, error) {
	files, err := fs.Glob(crd.Bases, "bases/*.yaml")
	if err != nil {
		return nil, err
	}
	out := make([]CRD, 0, len(files))
	for _, f := range files {
		c, err := readCRD(f)
		if err != nil {
			return nil, errors.Wrapf(err, "embedded CRD %s", f)
		}
		out = append(out, c)
	}
	return out, nil
}

func readCRD(file string) (CRD, error) {
	data, err := crd.Bases.ReadFile(file)
	if err != nil {
		return CRD{}, err
	}
	obj := &unstructured.Unstructured{}
	if err := yaml.Unmarshal(data, &obj.Object); err != nil {
		return CRD{}, err
	}
	group, _, _ := unstructured.NestedString(obj.Object, "spec", "group")
	kind, _, _ := unstructured.NestedString(obj.Object, "spec", "names", "kind")
	if group == "" || kind == "" || obj.GetName() == "" {
		return CRD{}, errors.New("no name, spec.group or spec.names.kind")
	}
	return CRD{Name: obj.GetName(), GroupKind: schema.GroupKind{Group: group, Kind: kind}, Object: obj}, nil
}

// Kinds lists the CRDs' group and kind.
func Kinds(crds []CRD) []schema.GroupKind {
	out := make([]schema.GroupKind, len(crds))
	for i, c := range crds {
		out[i] = c.GroupKind
	}
	return out
}

// Select keeps the CRDs whose kind the patterns select.
func Select(crds []CRD, patterns Patterns) []CRD {
	var out []CRD
	for _, c := range crds {
		if patterns.Matches(c.GroupKind) {
			out = append(out, c)
		}
	}
	return out
}
