package manifests

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/header"
)

// sampleLocation is the Azure region samples are created in.
const sampleLocation = "westus2"

// maxSampleDepth bounds how deep required objects are filled (recursive schemas).
const maxSampleDepth = 6

// Samples writes a minimal valid sample of every kind and API version under Root (gen.Generator):
// <root>/<group>/<version>/<kind>.yaml, with the required properties filled with example values,
// the location, and the owner set to the sample of the owner kind at its hub's API version. A
// group's samples read only its packages and kinds, and their owner kinds.
type Samples struct {
	Root string
}

// Name names the generator.
func (Samples) Name() string { return "samples" }

// Files lists the samples of the kinds of the groups emit selects, each a batch of its own.
func (s Samples) Files(m *astmodel.Model, emit func(group string) bool) ([]gen.Batch, error) {
	var batches []gen.Batch
	for _, k := range kindsOf(m, emit) {
		for _, ref := range k.APIPackages() {
			batches = append(batches, gen.Batch{{Path: samplePath(s.Root, ref, k.Name), Group: k.Group, Render: func(buf *bytes.Buffer) error {
				content, err := sample(m, k, ref)
				buf.Write(content)
				return err
			}}})
		}
	}
	return batches, nil
}

func samplePath(root string, ref astmodel.PackageRef, kind string) string {
	return path.Join(root, ref.Group, ref.KubeVersion(), strings.ToLower(kind)+".yaml")
}

// sampleName is the name of the sample of a kind at an API version, e.g. privateendpoint20220701:
// lower-case letters and digits only, so it is also a valid Azure name for most resource types.
func sampleName(kind string, ref astmodel.PackageRef) string {
	return strings.ToLower(kind) + strings.ReplaceAll(ref.APIVersion, "-", "")
}

// kindsOf returns the kinds of m whose group keep selects.
func kindsOf(m *astmodel.Model, keep func(group string) bool) []*astmodel.Kind {
	var out []*astmodel.Kind
	for _, k := range m.Kinds {
		if keep(k.Group) {
			out = append(out, k)
		}
	}
	return out
}

func sample(m *astmodel.Model, k *astmodel.Kind, ref astmodel.PackageRef) ([]byte, error) {
	res, ok := m.Packages[ref].Definitions[k.Name].(*astmodel.Resource)
	if !ok {
		return nil, fmt.Errorf("internal error: %s has no resource %s", ref, k.Name)
	}
	s := sampler{m: m}
	spec := s.object(res.Spec, 0)
	if res.FixedName != "" {
		spec["azureName"] = res.FixedName
	} else if name, ok := s.sampleAzureName(res.Spec, sampleName(k.Name, ref)); ok {
		spec["azureName"] = name
	}
	if k.Owner != nil {
		spec["owner"] = map[string]any{"name": ownerSampleName(m, k.Owner)}
	} else if k.ArbitraryOwner() { // any resource can own an extension: the sample's is the resource group
		rg := astmodel.ResourceGroupOwner
		spec["owner"] = map[string]any{"group": astmodel.KubeGroup(rg.Group), "kind": rg.Kind, "name": ownerSampleName(m, &rg)}
	}
	doc := map[string]any{
		"apiVersion": ref.KubeGroup() + "/" + ref.KubeVersion(),
		"kind":       k.Name,
		"metadata":   map[string]any{"name": sampleName(k.Name, ref), "namespace": "default"},
		"spec":       spec,
	}
	var body strings.Builder
	enc := yaml.NewEncoder(&body)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("internal error: sample of %s: %v", k.Name, err)
	}
	return []byte(header.YAML + "\n# A minimal " + k.Name + " at " + ref.KubeVersion() + "; apply with kubectl apply -f.\n" + body.String()), nil
}

// ownerSampleName names the owner kind's sample at its hub's API version.
func ownerSampleName(m *astmodel.Model, owner *astmodel.OwnerKind) string {
	if k, ok := m.Kind(owner.Group, owner.Kind); ok {
		return sampleName(k.Name, k.Hub.APIRef())
	}
	return strings.ToLower(owner.Kind)
}

// sampler fills objects with example values.
type sampler struct{ m *astmodel.Model }

// object fills the required properties (and the location) of the named object, a required config
// input inline (not from a ConfigMap); a union gets its simplest option.
func (s sampler) object(name astmodel.TypeName, depth int) map[string]any {
	out := map[string]any{}
	obj, ok := s.lookupObject(name)
	if !ok || depth > maxSampleDepth {
		return out
	}
	option := s.simplestOption(obj)
	for _, p := range obj.Properties {
		if p.JSONName == "location" && p.Type == astmodel.StringType {
			out[p.JSONName] = sampleLocation
		} else if (p.Required || p.ConfigInput == astmodel.ConfigInputRequired || p.Name == option) && p.Name != "AzureName" && p.Name != "Owner" {
			out[p.JSONName] = fit(p.Validation, s.value(p.Type, depth+1))
		}
	}
	return out
}

// simplestOption is the union option with the fewest required properties (the last on a tie:
// read-write kinds of a resource tend to come after read-only ones, as Kusto databases do);
// "" when obj is not a union.
func (s sampler) simplestOption(obj *astmodel.Object) string {
	if obj.OneOf == nil {
		return ""
	}
	best, fewest := "", -1
	for _, p := range obj.Properties {
		if _, isOption := obj.OneOf.Values[p.Name]; !isOption {
			continue
		}
		n := 0
		if o, ok := s.lookupObject(p.Type.(astmodel.TypeName)); ok {
			for _, q := range o.Properties {
				if q.Required {
					n++
				}
			}
		}
		if fewest < 0 || n <= fewest {
			best, fewest = p.Name, n
		}
	}
	return best
}

func (s sampler) lookupObject(name astmodel.TypeName) (*astmodel.Object, bool) {
	d, ok := s.m.Lookup(name)
	if !ok {
		return nil, false
	}
	obj, ok := d.(*astmodel.Object)
	return obj, ok
}

// value is an example of type t: the first enum value, 1, true, "example", one-element lists.
func (s sampler) value(t astmodel.Type, depth int) any {
	switch t := t.(type) {
	case astmodel.Primitive:
		return map[astmodel.Primitive]any{astmodel.StringType: "example", astmodel.IntType: 1, astmodel.FloatType: 1, astmodel.BoolType: true}[t]
	case *astmodel.ArrayType:
		return []any{s.value(t.Elem, depth)}
	case *astmodel.MapType:
		return map[string]any{"example": s.value(t.Value, depth)}
	case astmodel.TypeName:
		if d, ok := s.m.Lookup(t); ok {
			if e, isEnum := d.(*astmodel.Enum); isEnum && len(e.Values) > 0 {
				return e.Values[0]
			}
		}
		return s.object(t, depth)
	case astmodel.ExternalType:
		if t == astmodel.ResourceReferenceType {
			return map[string]any{"armId": "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/example"}
		}
	}
	return map[string]any{}
}
