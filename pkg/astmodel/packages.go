package astmodel

import (
	"path"
	"strings"

	"github.com/asogen/asogen/pkg/naming"
)

// PackageRef identifies one generated Go package: an API version of a group, or its storage variant.
type PackageRef struct {
	Group      string // config group, lower case, e.g. "network"
	APIVersion string // ARM api-version, e.g. "2022-07-01" or "2023-05-02-preview"
	Storage    bool   // the storage variant (subpackage "storage")
}

// APIPackage returns the reference to the API version package of group and version.
func APIPackage(group, apiVersion string) PackageRef {
	return PackageRef{Group: group, APIVersion: apiVersion}
}

// StorageRef returns the storage variant of this package.
func (p PackageRef) StorageRef() PackageRef {
	p.Storage = true
	return p
}

// APIRef returns the API (non-storage) package of this version.
func (p PackageRef) APIRef() PackageRef {
	p.Storage = false
	return p
}

// IsPreview reports whether the api-version is a preview version.
func IsPreview(apiVersion string) bool {
	return strings.Contains(apiVersion, "preview")
}

// PackageName is the Go package name: "v1api20220701" or "storage".
func (p PackageRef) PackageName() string {
	if p.Storage {
		return "storage"
	}
	return naming.VersionPackageName(p.APIVersion)
}

// Alias is the name generated code imports the package as: "network20220701" or
// "network20220701s" (naming.PackageAlias).
func (p PackageRef) Alias() string {
	return naming.PackageAlias(p.Group, p.APIVersion, p.Storage)
}

// KubeVersion is the Kubernetes API version name: "v1api20220701" or "v1api20220701storage".
func (p PackageRef) KubeVersion() string {
	v := naming.VersionPackageName(p.APIVersion)
	if p.Storage {
		return v + "storage"
	}
	return v
}

// KubeGroup is the Kubernetes API group: "network.azure.com".
func (p PackageRef) KubeGroup() string {
	return KubeGroup(p.Group)
}

// KubeGroup returns the Kubernetes API group of a config group.
func KubeGroup(group string) string {
	return group + ".azure.com"
}

// Folder is the package folder below the project root, slash-separated.
func (p PackageRef) Folder(apiRoot string) string {
	f := path.Join(apiRoot, p.Group, naming.VersionPackageName(p.APIVersion))
	if p.Storage {
		f = path.Join(f, "storage")
	}
	return f
}

// ImportPath is the Go import path of the package.
func (p PackageRef) ImportPath(module, apiRoot string) string {
	return path.Join(module, p.Folder(apiRoot))
}

// String renders the package for messages: "network/v1api20220701[/storage]".
func (p PackageRef) String() string {
	return p.Folder("")
}

// Less orders packages by group, then api-version, API before storage.
func (p PackageRef) Less(o PackageRef) bool {
	if p.Group != o.Group {
		return p.Group < o.Group
	}
	if p.APIVersion != o.APIVersion {
		return p.APIVersion < o.APIVersion
	}
	return !p.Storage && o.Storage
}

// ComparePackageRefs orders as Less does, for slices.SortFunc.
func ComparePackageRefs(a, b PackageRef) int {
	switch {
	case a == b:
		return 0
	case a.Less(b):
		return -1
	}
	return 1
}
