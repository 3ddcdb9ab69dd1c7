package wiringemit

import (
	"path"
	"slices"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/naming"
	"github.com/asogen/asogen/pkg/wiring"
)

// hostPath is the generated file holding a kind's host and dispatch.
func hostPath(l wiring.Layout, k *astmodel.Kind) string {
	return path.Join(l.CustomizationsDir(k.Group), naming.Snake(k.Name)+"_extension_gen.go")
}

// helperPath is the generated file holding a group's shared dispatch helpers.
func helperPath(l wiring.Layout, group string) string {
	return path.Join(l.CustomizationsDir(group), "wiring_gen.go")
}

// registryPath is the generated registry.
func registryPath(l wiring.Layout) string {
	return path.Join(l.RegistryDir, "registry_gen.go")
}

// groupRegistryPath is the generated file holding a group's part of the registry.
func groupRegistryPath(l wiring.Layout, group string) string {
	return path.Join(l.RegistryDir, "registry_"+group+"_gen.go")
}

// groups returns the groups of the model's kinds, sorted.
func groups(m *astmodel.Model) []string {
	var out []string
	for _, k := range m.Kinds {
		out = append(out, k.Group)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func sortRefs(refs []astmodel.PackageRef) {
	slices.SortFunc(refs, astmodel.ComparePackageRefs)
}
