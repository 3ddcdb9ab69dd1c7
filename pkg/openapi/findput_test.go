package openapi

import (
	"slices"
	"testing"
)

// TestFindPutQualifiedByParent: a kind reached under several parents (Relay's authorization
// rules of namespaces, hybrid connections and WCF relays) is found plain as the shortest path and
// qualified ("HybridConnection/AuthorizationRule") under that parent; the kinds found list the
// qualified names.
func TestFindPutQualifiedByParent(t *testing.T) {
	t.Parallel()
	base := "/subscriptions/{s}/resourceGroups/{rg}/providers/Microsoft.Relay/namespaces/{ns}"
	var ops []putOp
	for _, p := range []string{base, base + "/authorizationRules/{r}", base + "/hybridConnections/{h}",
		base + "/hybridConnections/{h}/authorizationRules/{r}", base + "/wcfRelays/{w}/authorizationRules/{r}"} {
		ops = append(ops, putOp{path: p, info: describePath(p), body: &node{}})
	}
	cases := map[string]string{
		"AuthorizationRule":                  base + "/authorizationRules/{r}",
		"HybridConnection/AuthorizationRule": base + "/hybridConnections/{h}/authorizationRules/{r}",
		"WcfRelay/authorizationRule":         base + "/wcfRelays/{w}/authorizationRules/{r}",
		"Namespace/AuthorizationRule":        base + "/authorizationRules/{r}",
		"Namespace/HybridConnection":         base + "/hybridConnections/{h}",
	}
	for kind, want := range cases {
		op, _ := findPut(ops, kind)
		if op == nil || op.path != want {
			t.Errorf("%s: got %v, want %s", kind, op, want)
		}
	}
	op, kinds := findPut(ops, "Topic/AuthorizationRule")
	if op != nil {
		t.Errorf("Topic/AuthorizationRule matched %s", op.path)
	}
	for _, k := range []string{"AuthorizationRule", "HybridConnection/AuthorizationRule", "Namespace/AuthorizationRule", "WcfRelay/AuthorizationRule"} {
		if !slices.Contains(kinds, k) {
			t.Errorf("kinds found %v lack %s", kinds, k)
		}
	}
}
