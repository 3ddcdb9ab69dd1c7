package armserver

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

func TestSeedAndGet(t *testing.T) {
	s := Start(t)
	seed(t, s, peID, map[string]any{"location": "westus", "properties": map[string]any{"provisioningState": "Failed"}})
	seed(t, s, clusterID, nil)
	got, ok := s.Get(strings.ToUpper(peID))
	if !ok || got["location"] != "westus" || got["type"] != "Microsoft.Network/privateEndpoints" || state(reply{body: got}) != "Failed" {
		t.Fatalf("Get: %v %v", ok, got)
	}
	if c, _ := s.Get(clusterID); state(reply{body: c}) != StateSucceeded {
		t.Fatalf("seeded state defaults to Succeeded: %v", c)
	}
	got["location"] = "changed"
	if again, _ := s.Get(peID); again["location"] != "westus" {
		t.Fatal("Get returned the stored map, not a copy")
	}
	if _, ok := s.Get(dbID); ok {
		t.Fatal("Get of a missing resource")
	}
	if err := s.Seed("/not/an/id", nil); err == nil {
		t.Fatal("Seed accepted an invalid ID")
	}
}

// TestSetPropertyApprovesConnection marks a manual private link connection Approved; the value
// stays through the client's later PUTs, as service-owned state does in Azure.
func TestSetPropertyApprovesConnection(t *testing.T) {
	s := newWithGroup(t)
	conn := map[string]any{"name": "c1", "properties": map[string]any{
		"privateLinkServiceConnectionState": map[string]any{"status": "Pending"}}}
	body := map[string]any{"properties": map[string]any{"manualPrivateLinkServiceConnections": []any{conn}}}
	putAndWait(t, s, peID, body)
	path := []string{"properties", "manualPrivateLinkServiceConnections", "0", "properties", "privateLinkServiceConnectionState", "status"}
	if err := s.SetProperty(peID, path, "Approved"); err != nil {
		t.Fatal(err)
	}
	putAndWait(t, s, peID, body)
	got := call(t, s, http.MethodGet, peID, nil)
	if v := valueAt(t, got.body, path); v != "Approved" || state(got) != StateSucceeded {
		t.Fatalf("status %v, state %q", v, state(got))
	}
}

func TestSetPropertyErrorsAndRemoval(t *testing.T) {
	s := Start(t)
	seed(t, s, peID, map[string]any{"properties": map[string]any{"list": []any{1}}})
	cases := map[string][]string{
		"missing index": {"properties", "list", "3"},
		"not a number":  {"properties", "list", "x"},
		"into a string": {"properties", "provisioningState", "x"},
		"empty path":    nil,
	}
	for name, path := range cases {
		if err := s.SetProperty(peID, path, 1); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if err := s.SetProperty(dbID, []string{"a"}, 1); err == nil {
		t.Error("missing resource: no error")
	}
	if err := s.SetProperty(peID, []string{"properties", "list"}, nil); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Get(peID)
	if _, ok := got["properties"].(map[string]any)["list"]; ok {
		t.Fatal("nil did not remove the key")
	}
}

func TestSetProvisioningStateIsNotSticky(t *testing.T) {
	s := newWithGroup(t)
	seed(t, s, peID, nil)
	if err := s.SetProvisioningState(peID, StateUpdating); err != nil {
		t.Fatal(err)
	}
	putAndWait(t, s, peID, map[string]any{})
	if got, _ := s.Get(peID); state(reply{body: got}) != StateSucceeded {
		t.Fatalf("state after PUT: %v", got)
	}
}

func valueAt(t *testing.T, doc map[string]any, path []string) any {
	t.Helper()
	var cur any = doc
	for _, p := range path {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[p]
		case []any:
			i, _ := strconv.Atoi(p)
			cur = c[i]
		default:
			t.Fatalf("no %v in %v", path, doc)
		}
	}
	return cur
}
