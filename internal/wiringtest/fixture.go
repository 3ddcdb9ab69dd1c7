// Package wiringtest holds the fixtures the wiring tests share: the hand-built model and copies
// of the testdata/wiring projects. It imports neither pkg/wiring nor its children, so the tests
// of all of them can use it.
package wiringtest

import (
	"github.com/asogen/asogen/pkg/astmodel"
)

// The layout of the default project (pkg/wiring's Layout fields).
const (
	Module      = "github.com/asogen/asogen"
	APIRoot     = "v2/api"
	RegistryDir = "v2/internal/controllers"
)

// Model has one kind per extension point, a kind with two extensions, and the owner of the
// owner-checked kind.
func Model() *astmodel.Model {
	m := astmodel.NewModel(Module, APIRoot)
	rg := astmodel.ResourceGroupOwner
	m.Kinds = []*astmodel.Kind{
		Kind("network", "PrivateEndpoint", "Microsoft.Network/privateEndpoints", &rg,
			[]string{"2022-07-01", "2024-03-01"}, "PostReconciliationChecker"),
		Kind("kusto", "Cluster", "Microsoft.Kusto/clusters", &rg,
			[]string{"2023-08-15"}, "PreReconciliationChecker", "PostReconciliationChecker"),
		Kind("kusto", "Database", "Microsoft.Kusto/clusters/databases",
			&astmodel.OwnerKind{Group: "kusto", Kind: "Cluster"}, []string{"2023-08-15"}, "PreReconciliationOwnerChecker"),
		Kind("containerservice", "ManagedCluster", "Microsoft.ContainerService/managedClusters", &rg,
			[]string{"2024-09-01", "2025-01-02-preview"}, "PreReconciliationChecker"),
	}
	m.SortKinds()
	return m
}

// AllPointsModel has network PrivateEndpoint (two versions) with the extension points named,
// owned by a resource group of two versions, so both its hub and its owner's hub can move.
func AllPointsModel(points []string) *astmodel.Model {
	m := astmodel.NewModel(Module, APIRoot)
	rg := astmodel.ResourceGroupOwner
	m.Kinds = []*astmodel.Kind{
		Kind("resources", "ResourceGroup", "Microsoft.Resources/resourceGroups", nil, []string{"2020-06-01", "2021-04-01"}),
		Kind("network", "PrivateEndpoint", "Microsoft.Network/privateEndpoints", &rg,
			[]string{"2022-07-01", "2024-03-01"}, points...),
	}
	m.SortKinds()
	return m
}

// Kind is a kind of the given versions, its hub the storage variant of the default hub version.
func Kind(group, name, armType string, owner *astmodel.OwnerKind, versions []string, exts ...string) *astmodel.Kind {
	hub := astmodel.APIPackage(group, astmodel.SelectHub(versions, "")).StorageRef()
	return &astmodel.Kind{Group: group, Name: name, ARMType: armType, Versions: versions, Hub: hub, Owner: owner, Extensions: exts}
}
