package wiring

import (
	"github.com/asogen/asogen/pkg/astmodel"
)

// fixtureLayout is the layout of the default project.
var fixtureLayout = Layout{Module: "github.com/asogen/asogen", APIRoot: "v2/api", RegistryDir: "v2/internal/controllers"}

// fixtureModel has one kind per extension point, a kind with two extensions, and the owner of
// the owner-checked kind.
func fixtureModel() *astmodel.Model {
	m := astmodel.NewModel(fixtureLayout.Module, fixtureLayout.APIRoot)
	rg := astmodel.ResourceGroupOwner
	m.Kinds = []*astmodel.Kind{
		fixtureKind("network", "PrivateEndpoint", "Microsoft.Network/privateEndpoints", &rg,
			[]string{"2022-07-01", "2024-03-01"}, "PostReconciliationChecker"),
		fixtureKind("kusto", "Cluster", "Microsoft.Kusto/clusters", &rg,
			[]string{"2023-08-15"}, "PreReconciliationChecker", "PostReconciliationChecker"),
		fixtureKind("kusto", "Database", "Microsoft.Kusto/clusters/databases",
			&astmodel.OwnerKind{Group: "kusto", Kind: "Cluster"}, []string{"2023-08-15"}, "PreReconciliationOwnerChecker"),
		fixtureKind("containerservice", "ManagedCluster", "Microsoft.ContainerService/managedClusters", &rg,
			[]string{"2024-09-01", "2025-01-02-preview"}, "PreReconciliationChecker"),
	}
	m.SortKinds()
	return m
}

func fixtureKind(group, name, armType string, owner *astmodel.OwnerKind, versions []string, exts ...string) *astmodel.Kind {
	hub := astmodel.APIPackage(group, astmodel.SelectHub(versions, "")).StorageRef()
	return &astmodel.Kind{Group: group, Name: name, ARMType: armType, Versions: versions, Hub: hub, Owner: owner, Extensions: exts}
}
