package naming

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
