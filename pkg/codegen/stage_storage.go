package codegen

import (
	"fmt"

	"github.com/asogen/asogen/pkg/astmodel"
)

const stageStorageVariants = "storageVariants"

// storageVariants adds the storage package of every API package; the hub of each kind is one
// of them (astmodel.Kind.Hub).
func storageVariants() Stage {
	return Stage{
		Name:        stageStorageVariants,
		Description: "derive the storage variant of every API package",
		Requires:    []string{stageLoadModel},
		Run:         func(st *State) error { return addStorageVariants(st.Model) },
	}
}

func addStorageVariants(m *astmodel.Model) error {
	for _, p := range m.SortedPackages() {
		if !p.Ref.Storage {
			m.Packages[p.Ref.StorageRef()] = astmodel.StorageVariant(p)
		}
	}
	for _, k := range m.Kinds {
		hub, ok := m.Packages[k.Hub]
		if !ok {
			return fmt.Errorf("hub %s of %s/%s is not a generated package", k.Hub, k.Group, k.Name)
		}
		if _, ok := hub.Definitions[k.Name].(*astmodel.Resource); !ok {
			return fmt.Errorf("hub %s of %s/%s has no resource %s", k.Hub, k.Group, k.Name, k.Name)
		}
	}
	return nil
}
