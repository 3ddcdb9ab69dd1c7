package main

import (
	"fmt"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/asogen/asogen/v2/internal/localrun"
)

// template is one generated sample (v2/samples): an object at an API version (never the storage
// version) whose spec.owner, when set, names another sample.
type template struct {
	obj   *unstructured.Unstructured
	owner string // the owning sample's name; "" for a resource group
}

// readTemplates reads the samples, owners before the objects they own.
func readTemplates() ([]template, error) {
	samples, err := localrun.ReadSamples()
	out := make([]template, len(samples))
	for i, obj := range samples {
		owner, _, _ := unstructured.NestedString(obj.Object, "spec", "owner", "name")
		out[i] = template{obj: obj, owner: owner}
	}
	return ownersFirst(out), err
}

// ownersFirst orders templates by their depth in the ownership tree, then by name.
func ownersFirst(ts []template) []template {
	owners := map[string]string{}
	for _, t := range ts {
		owners[t.obj.GetName()] = t.owner
	}
	depth := func(name string) int {
		d := 0
		for o := owners[name]; o != "" && d < len(owners); o = owners[o] {
			d++
		}
		return d
	}
	sort.SliceStable(ts, func(i, j int) bool {
		di, dj := depth(ts[i].obj.GetName()), depth(ts[j].obj.GetName())
		if di != dj {
			return di < dj
		}
		return ts[i].obj.GetName() < ts[j].obj.GetName()
	})
	return ts
}

// objectSet makes n objects in namespace: copies of the samples, one set ("unit") after
// another, each unit with its own resource group and owners. Names are short
// (<prefix><unit>s<sample index>) so every kind's Azure name rules hold.
func objectSet(ts []template, n int, namespace, prefix string) []*unstructured.Unstructured {
	out := make([]*unstructured.Unstructured, 0, n)
	for unit := 0; len(out) < n; unit++ {
		names := map[string]string{}
		for i, t := range ts {
			names[t.obj.GetName()] = fmt.Sprintf("%s%ds%d", prefix, unit, i)
		}
		for _, t := range ts {
			if len(out) == n {
				break
			}
			out = append(out, instantiate(t, names, namespace))
		}
	}
	return out
}

// instantiate copies a template with the unit's names.
func instantiate(t template, names map[string]string, namespace string) *unstructured.Unstructured {
	obj := t.obj.DeepCopy()
	obj.SetName(names[t.obj.GetName()])
	obj.SetNamespace(namespace)
	if t.owner != "" {
		_ = unstructured.SetNestedField(obj.Object, names[t.owner], "spec", "owner", "name")
	}
	return obj
}

// resourceGroup is a resource group object at the samples' version.
func resourceGroup(ts []template, name, namespace string) *unstructured.Unstructured {
	for _, t := range ts {
		if t.owner == "" && t.obj.GetKind() == "ResourceGroup" {
			return instantiate(t, map[string]string{t.obj.GetName(): name}, namespace)
		}
	}
	return nil
}

// privateEndpoints are the PrivateEndpoint templates (one per API version).
func privateEndpoints(ts []template) []template {
	var out []template
	for _, t := range ts {
		if t.obj.GetKind() == "PrivateEndpoint" {
			out = append(out, t)
		}
	}
	return out
}

// endpointSet makes n private endpoints named <prefix><i> in resource group rg, alternating
// between the API versions.
func endpointSet(pes []template, n int, rg, namespace, prefix string) []*unstructured.Unstructured {
	out := make([]*unstructured.Unstructured, n)
	for i := range out {
		t := pes[i%len(pes)]
		out[i] = instantiate(t, map[string]string{t.obj.GetName(): fmt.Sprintf("%s%d", prefix, i), t.owner: rg}, namespace)
	}
	return out
}

// endpointID is the ARM ID of private endpoint name in resource group rg.
func endpointID(rg, name string) string {
	return strings.ToLower(fmt.Sprintf("/subscriptions/%s/resourceGroups/%s/providers/Microsoft.Network/privateEndpoints/%s",
		localrun.Subscription, rg, name))
}

// kinds are the distinct group/kinds of objs, each at the version of its last object, leaves
// (the last applied) first. Listing a kind at one version lists its objects of every version.
func kinds(objs []*unstructured.Unstructured) []schema.GroupVersionKind {
	seen := map[schema.GroupKind]bool{}
	var out []schema.GroupVersionKind
	for i := len(objs) - 1; i >= 0; i-- {
		gvk := objs[i].GroupVersionKind()
		if !seen[gvk.GroupKind()] {
			seen[gvk.GroupKind()] = true
			out = append(out, gvk)
		}
	}
	return out
}
