package naming

import "testing"

func TestVersionPackageName(t *testing.T) {
	if got := VersionPackageName("2023-05-02-preview"); got != "v1api20230502preview" {
		t.Fatal(got)
	}
}

func TestPackageAlias(t *testing.T) {
	if got := PackageAlias("network", "2024-03-01", false); got != "network20240301" {
		t.Error(got)
	}
	if got := PackageAlias("network", "2023-05-02-preview", true); got != "network20230502previews" {
		t.Error(got)
	}
	if got := CustomizationsAlias("network"); got != "networkcustomizations" {
		t.Error(got)
	}
	if got := HostName("PrivateEndpoint"); got != "PrivateEndpointExtension" {
		t.Error(got)
	}
}
