package naming

import "testing"

func TestSnake(t *testing.T) {
	cases := map[string]string{
		"PrivateEndpoint":           "private_endpoint",
		"IPConfig":                  "ip_config",
		"Foo_Bar":                   "foo_bar",
		"Foo__Bar":                  "foo_bar",
		"PostReconciliationChecker": "post_reconciliation_checker",
		"VirtualNetwork2":           "virtual_network2",
		"Server_Spec":               "server_spec",
		"ARMResourceModifier":       "arm_resource_modifier",
		"":                          "",
	}
	for in, want := range cases {
		if got := Snake(in); got != want {
			t.Errorf("Snake(%q) = %q, want %q", in, got, want)
		}
	}
}
