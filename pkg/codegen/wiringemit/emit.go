package wiringemit

import (
	"slices"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/wiring"
)

// file is one generated wiring file: its path, the group it belongs to ("" for the registry,
// which covers every group) and how to build it.
type file struct {
	path  string
	group string
	build func() (*goFile, error)
}

// files lists the generated wiring files keep selects (by group; nil: all): a host per kind, a
// helper and a part of the registry per group, and the registry (group ""). Generator lists
// and renders from it. A group's files read only its kinds and their owner
// kinds; the registry only the names of the groups.
func files(l wiring.Layout, m *astmodel.Model, keep func(group string) bool) []file {
	var out []file
	for _, k := range m.Kinds {
		out = append(out, file{hostPath(l, k), k.Group, func() (*goFile, error) { return hostFile(l, m, k) }})
	}
	for _, g := range groups(m) {
		out = append(out, file{helperPath(l, g), g, func() (*goFile, error) { return helperFile(l, g), nil }})
		out = append(out, file{groupRegistryPath(l, g), g, func() (*goFile, error) { return groupRegistryFile(l, m, g), nil }})
	}
	out = append(out, file{registryPath(l), "", func() (*goFile, error) { return registryFile(l, m), nil }})
	if keep != nil {
		out = slices.DeleteFunc(out, func(f file) bool { return !keep(f.group) })
	}
	return out
}
