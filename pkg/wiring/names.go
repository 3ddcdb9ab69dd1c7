package wiring

import (
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/asogen/asogen/pkg/astmodel"
)

// CustomizationsPackage is the package name (and folder) of each group's extension hosts.
const CustomizationsPackage = "customizations"

// HostName is the extension host type of a kind: "PrivateEndpointExtension".
func HostName(kind string) string { return kind + "Extension" }

// Snake turns a Go name into snake case: "PrivateEndpoint" → "private_endpoint", "IPConfig" → "ip_config".
func Snake(name string) string {
	runes := []rune(name)
	var b strings.Builder
	for i, r := range runes {
		if i > 0 && unicode.IsUpper(r) && wordStart(runes, i) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func wordStart(runes []rune, i int) bool {
	prev := runes[i-1]
	if unicode.IsLower(prev) || unicode.IsDigit(prev) {
		return true
	}
	return i+1 < len(runes) && unicode.IsLower(runes[i+1])
}

// PackageAlias is the import name of a generated API package: "network20240301" for an API
// version, "network20240301s" for its storage variant. Unique across groups and versions, so the
// hub of a kind and of its owner never collide.
func PackageAlias(ref astmodel.PackageRef) string {
	alias := ref.Group + strings.TrimPrefix(astmodel.VersionPackageName(ref.APIVersion), "v1api")
	if ref.Storage {
		alias += "s"
	}
	return alias
}

// CustomizationsAlias is the import name of a group's customizations package in the registry.
func CustomizationsAlias(group string) string { return group + CustomizationsPackage }

// Layout says where a project keeps its generated and hand-written wiring.
type Layout struct {
	Module      string // Go module path
	APIRoot     string // slash-separated, relative to the project root, e.g. "v2/api"
	RegistryDir string // slash-separated, relative to the project root, e.g. "v2/internal/controllers"
}

// CustomizationsDir is the folder of a group's customizations, relative to the project root.
func (l Layout) CustomizationsDir(group string) string {
	return path.Join(l.APIRoot, group, CustomizationsPackage)
}

// CustomizationsImport is the import path of a group's customizations package.
func (l Layout) CustomizationsImport(group string) string {
	return path.Join(l.Module, l.CustomizationsDir(group))
}

// ImportPath is the import path of a generated API package.
func (l Layout) ImportPath(ref astmodel.PackageRef) string {
	return ref.ImportPath(l.Module, l.APIRoot)
}

// HostFile is the generated file holding a kind's host and dispatch.
func (l Layout) HostFile(k *astmodel.Kind) string {
	return path.Join(l.CustomizationsDir(k.Group), Snake(k.Name)+"_extension_gen.go")
}

// HelperFile is the generated file holding a group's shared dispatch helpers.
func (l Layout) HelperFile(group string) string {
	return path.Join(l.CustomizationsDir(group), "wiring_gen.go")
}

// RegistryFile is the generated registry.
func (l Layout) RegistryFile() string {
	return path.Join(l.RegistryDir, "registry_gen.go")
}

// GroupRegistryFile is the generated file holding a group's part of the registry.
func (l Layout) GroupRegistryFile(group string) string {
	return path.Join(l.RegistryDir, "registry_"+group+"_gen.go")
}

// HandWrittenFile is the file scaffold writes for one extension point of a kind:
// "v2/api/network/customizations/private_endpoint_post_reconciliation_checker.go".
func (l Layout) HandWrittenFile(k *astmodel.Kind, p Point) string {
	return path.Join(l.CustomizationsDir(k.Group), Snake(k.Name)+"_"+Snake(p.Name)+".go")
}

// storageFolderPrefix is the import path prefix shared by every version of a group; a storage
// package below it with the kind's name is a (possibly older) hub of that kind.
func (l Layout) groupImportPrefix(group string) string {
	return path.Join(l.Module, l.APIRoot, group) + "/"
}

func sortRefs(refs []astmodel.PackageRef) {
	slices.SortFunc(refs, astmodel.ComparePackageRefs)
}
