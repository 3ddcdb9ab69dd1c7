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

// TestSecretsListKeysStorageShape: a storage account's keys come as storage lists them.
func TestSecretsListKeysStorageShape(t *testing.T) {
	s := newWithGroup(t)
	id := rgID + "/providers/Microsoft.Storage/storageAccounts/sa1"
	putAndWait(t, s, id, map[string]any{"location": "westus2"})
	r := call(t, s, http.MethodPost, id+"/listKeys", nil)
	expectStatus(t, r, http.StatusOK)
	keys, _ := r.body["keys"].([]any)
	primary, _ := Keys(id)
	first, _ := keys[0].(map[string]any)
	if len(keys) != 2 || first["keyName"] != "key1" || first["value"] != primary {
		t.Fatalf("listKeys = %v", r.body)
	}
}
