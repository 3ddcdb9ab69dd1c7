package wiring

import (
	"path"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/naming"
)

// Layout says where a project keeps its generated and hand-written wiring.
type Layout struct {
	Module      string // Go module path
	APIRoot     string // slash-separated, relative to the project root, e.g. "v2/api"
	RegistryDir string // slash-separated, relative to the project root, e.g. "v2/internal/controllers"
}

// CustomizationsDir is the folder of a group's customizations, relative to the project root.
func (l Layout) CustomizationsDir(group string) string {
	return path.Join(l.APIRoot, group, naming.CustomizationsPackage)
}

// CustomizationsImport is the import path of a group's customizations package.
func (l Layout) CustomizationsImport(group string) string {
	return path.Join(l.Module, l.CustomizationsDir(group))
}

// ImportPath is the import path of a generated API package.
func (l Layout) ImportPath(ref astmodel.PackageRef) string {
	return ref.ImportPath(l.Module, l.APIRoot)
}

// HandWrittenFile is the file scaffold writes for one extension point of a kind:
// "v2/api/network/customizations/private_endpoint_post_reconciliation_checker.go".
func (l Layout) HandWrittenFile(k *astmodel.Kind, p Point) string {
	return path.Join(l.CustomizationsDir(k.Group), naming.Snake(k.Name)+"_"+naming.Snake(p.Name)+".go")
}

// groupImportPrefix is the import path prefix shared by every version of a group; a storage
// package below it with the kind's name is a (possibly older) hub of that kind.
func (l Layout) groupImportPrefix(group string) string {
	return path.Join(l.Module, l.APIRoot, group) + "/"
}
