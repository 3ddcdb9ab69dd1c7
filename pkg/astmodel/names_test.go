package astmodel

import (
	"go/token"
	"testing"
)

func TestGoName(t *testing.T) {
	cases := map[string]string{
		"id":                         "ID",
		"ipConfigurations":           "IPConfigurations",
		"privateIPAddress":           "PrivateIPAddress",
		"provisioningState":          "ProvisioningState",
		"odata.type":                 "OdataType",
		"2fa-enabled":                "X2faEnabled",
		"dns-prefix":                 "DNSPrefix",
		"type":                       "Type",
		"SKU":                        "SKU",
		"enableRBAC":                 "EnableRBAC",
		"vmSize":                     "VMSize",
		"":                           "X",
		"customNetworkInterfaceName": "CustomNetworkInterfaceName",
		"URLs":                       "URLs",
	}
	for in, want := range cases {
		if got := GoName(in); got != want {
			t.Errorf("GoName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLocalName(t *testing.T) {
	cases := map[string]string{"type": "type_", "id": "id", "IPAddress": "ipAddress", "Range": "range_"}
	for in, want := range cases {
		if got := LocalName(in); got != want {
			t.Errorf("LocalName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestKindFromResourceType(t *testing.T) {
	cases := map[string]string{
		"privateEndpoints": "PrivateEndpoint", "redis": "Redis", "databases": "Database",
		"managedClusters": "ManagedCluster", "resourcegroups": "Resourcegroup",
		"policies": "Policy", "storageAccounts": "StorageAccount", "addresses": "Address",
	}
	for in, want := range cases {
		if got := KindFromResourceType(in); got != want {
			t.Errorf("KindFromResourceType(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestVersionPackageName(t *testing.T) {
	if got := VersionPackageName("2023-05-02-preview"); got != "v1api20230502preview" {
		t.Fatal(got)
	}
	p := APIPackage("network", "2022-07-01").StorageRef()
	if p.Folder("v2/api") != "v2/api/network/v1api20220701/storage" || p.KubeVersion() != "v1api20220701storage" {
		t.Fatal(p.Folder("v2/api"), p.KubeVersion())
	}
}

// TestGoNameIsAlwaysAnExportedIdentifier: non-ASCII letters, punctuation and letters without an
// upper case still give a valid exported Go identifier, byte for byte valid UTF-8.
func TestGoNameIsAlwaysAnExportedIdentifier(t *testing.T) {
	cases := map[string]string{"ünicode": "Ünicode", "`": "X", `a"b`: "AB", "中文": "X中文", "éA": "ÉA", "x-ü": "XÜ"}
	for in, want := range cases {
		if got := GoName(in); got != want || !token.IsIdentifier(got) || !token.IsExported(got) {
			t.Errorf("GoName(%q) = %q, want %q", in, got, want)
		}
	}
	if got := LocalName("Ünicode"); got != "ünicode" {
		t.Errorf("LocalName(Ünicode) = %q", got)
	}
}

func TestIsJSONTagName(t *testing.T) {
	for name, want := range map[string]bool{"fooBar": true, "odata.type": true, "$ref": true, "ünicode": true,
		"": false, "a`b": false, `a"b`: false, "a,b": false, `a\b`: false, "a'b": false} {
		if got := IsJSONTagName(name); got != want {
			t.Errorf("IsJSONTagName(%q) = %v", name, got)
		}
	}
}
