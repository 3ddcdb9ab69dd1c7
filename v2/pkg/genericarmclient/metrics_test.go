package genericarmclient

import "testing"

func TestOperatorResourceTypeOf(t *testing.T) {
	sub := "/subscriptions/00000000-0000-0000-0000-000000000001"
	cases := map[string]string{
		sub + "/resourceGroups/rg": "Microsoft.Resources/resourceGroups",
		sub + "/resourceGroups/rg/providers/Microsoft.Network/privateEndpoints/pe":    "Microsoft.Network/privateEndpoints",
		sub + "/resourceGroups/rg/providers/Microsoft.Kusto/clusters/c/databases/db":  "Microsoft.Kusto/clusters/databases",
		sub + "/providers/Microsoft.Network/locations/westus2/operationStatuses/op-1": "operations",
		sub: "other",
	}
	for path, want := range cases {
		if got := ResourceTypeOf(path); got != want {
			t.Errorf("ResourceTypeOf(%q) = %q, want %q", path, got, want)
		}
	}
}
