package codegen

import (
	"fmt"
	"maps"

	"github.com/asogen/asogen/internal/parallel"
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
		Run: func(_ *Env, in State) (State, error) {
			m, err := withStorageVariants(in.Model)
			in.Model = m
			return in, err
		},
	}
}

// withStorageVariants returns a model with m's packages (shared, unchanged) and the storage
// variant of each API package (derived on parallel workers: each reads only its API package),
// and checks that the hub of every kind of a group with packages is one of them (a group reused
// from the cache has none in the model).
func withStorageVariants(m *astmodel.Model) (*astmodel.Model, error) {
	out := &astmodel.Model{Module: m.Module, APIRoot: m.APIRoot, Packages: maps.Clone(m.Packages), Kinds: m.Kinds}
	built := map[string]bool{}
	var api []*astmodel.Package
	for _, p := range m.SortedPackages() {
		built[p.Ref.Group] = true
		if !p.Ref.Storage {
			api = append(api, p)
		}
	}
	variants := make([]*astmodel.Package, len(api))
	parallel.Do(len(api), 0, func(i int) { variants[i] = astmodel.StorageVariant(api[i]) })
	for _, v := range variants {
		out.Packages[v.Ref] = v
	}
	for _, k := range out.Kinds {
		if !built[k.Group] {
			continue
		}
		hub, ok := out.Packages[k.Hub]
		if !ok {
			return nil, fmt.Errorf("hub %s of %s/%s is not a generated package", k.Hub, k.Group, k.Name)
		}
		if _, ok := hub.Definitions[k.Name].(*astmodel.Resource); !ok {
			return nil, fmt.Errorf("hub %s of %s/%s has no resource %s", k.Hub, k.Group, k.Name, k.Name)
		}
	}
	return out, nil
}
