package armserver

import (
	"net/http"
	"testing"
)

// TestSecretsListKeys: POST {id}/listKeys answers the resource's keys, the same every time; a
// missing resource is 404 and another action 405; the request log names the resource.
func TestSecretsListKeys(t *testing.T) {
	s := newWithGroup(t)
	putAndWait(t, s, peID, map[string]any{"location": "westus2"})
	r := call(t, s, http.MethodPost, peID+"/listKeys", nil)
	expectStatus(t, r, http.StatusOK)
	primary, secondary := Keys(peID)
	if r.body["primaryKey"] != primary || r.body["secondaryKey"] != secondary || primary == secondary {
		t.Fatalf("listKeys = %v", r.body)
	}
	expectError(t, call(t, s, http.MethodPost, rgID+"/providers/Microsoft.Network/privateEndpoints/none/listKeys", nil),
		http.StatusNotFound, "ResourceNotFound")
	expectError(t, call(t, s, http.MethodPost, peID+"/regenerateKey", nil), http.StatusMethodNotAllowed, CodeMethodNotAllowed)
	found := false
	for _, req := range s.RequestsFor(peID) {
		found = found || (req.Method == http.MethodPost && req.ResourceID == peID)
	}
	if !found {
		t.Fatal("the POST is not in the request log under the resource")
	}
}
