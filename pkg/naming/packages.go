package naming

import "strings"

// VersionPackageName turns an ARM api-version into a Go package name: 2022-07-01 → v1api20220701.
func VersionPackageName(apiVersion string) string {
	return "v1api" + strings.ReplaceAll(apiVersion, "-", "")
}

// PackageAlias is the import name of a generated API package: "network20240301" for an API
// version, "network20240301s" for its storage variant. Unique across groups and versions, so the
// hub of a kind and of its owner never collide.
func PackageAlias(group, apiVersion string, storage bool) string {
	alias := group + strings.TrimPrefix(VersionPackageName(apiVersion), "v1api")
	if storage {
		alias += "s"
	}
	return alias
}

// HubAlias is the import name of a kind's hub package in conversion files.
const HubAlias = "hub"

// CustomizationsPackage is the package name (and folder) of each group's extension hosts.
const CustomizationsPackage = "customizations"

// CustomizationsAlias is the import name of a group's customizations package in the registry.
func CustomizationsAlias(group string) string { return group + CustomizationsPackage }

// HostName is the extension host type of a kind: "PrivateEndpointExtension".
func HostName(kind string) string { return kind + "Extension" }
