package armserver

import (
	"net/http"
	"strings"
	"testing"
)

func TestRequiresAPIVersion(t *testing.T) {
	s := Start(t)
	r := send(t, s, http.MethodGet, s.URL()+rgID, nil)
	expectError(t, r, http.StatusBadRequest, CodeMissingAPIVersion)
}

func TestRejectsBadRequests(t *testing.T) {
	s := newWithGroup(t)
	cases := []struct {
		name, method, path string
		status             int
		code               string
	}{
		{"invalid id", http.MethodGet, "/subscriptions/s/foo", http.StatusBadRequest, CodeInvalidResourceID},
		{"patch", http.MethodPatch, peID, http.StatusMethodNotAllowed, CodeMethodNotAllowed},
		{"unknown operation", http.MethodGet, sub + "/providers/Microsoft.Network/operationStatuses/op-9", http.StatusNotFound, CodeOperationNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectError(t, call(t, s, c.method, c.path, nil), c.status, c.code)
		})
	}
}

func TestRejectsInvalidJSON(t *testing.T) {
	s := newWithGroup(t)
	req, err := http.NewRequest(http.MethodPut, s.URL()+peID+"?api-version=1", strings.NewReader("{"))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := s.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	expectError(t, decode(t, resp), http.StatusBadRequest, CodeInvalidRequestContent)
	if _, ok := s.Get(peID); ok {
		t.Fatal("invalid PUT stored a resource")
	}
}

func TestResourceGroupIsSynchronousAndRequired(t *testing.T) {
	s := Start(t)
	expectError(t, call(t, s, http.MethodPut, peID, map[string]any{}), http.StatusNotFound, CodeResourceGroupNotFound)
	r := call(t, s, http.MethodPut, rgID, map[string]any{"location": "westus"})
	expectStatus(t, r, http.StatusCreated)
	if state(r) != StateSucceeded || r.header.Get("Azure-AsyncOperation") != "" {
		t.Fatalf("resource group: %v %v", r.body, r.header)
	}
	expectStatus(t, call(t, s, http.MethodPut, peID, map[string]any{}), http.StatusCreated)
}

func TestWithoutResourceGroupCheck(t *testing.T) {
	s := Start(t, WithoutResourceGroupCheck())
	expectStatus(t, call(t, s, http.MethodPut, peID, map[string]any{}), http.StatusCreated)
	expectError(t, call(t, s, http.MethodPut, dbID, map[string]any{}), http.StatusNotFound, CodeParentResourceNotFound)
}

// TestAsyncPut follows the operation poll by poll for each polling style and poll count.
func TestAsyncPut(t *testing.T) {
	cases := []struct {
		name   string
		opts   []Option
		header string
		polls  int
	}{
		{"async operation, default", nil, "Azure-AsyncOperation", 1},
		{"async operation, 3 polls", []Option{WithPollsToComplete(3)}, "Azure-AsyncOperation", 3},
		{"location by default", []Option{WithPolling(LocationPolling)}, "Location", 1},
		{"location for the type", []Option{WithPollingForType("microsoft.network/PRIVATEENDPOINTS", LocationPolling)}, "Location", 1},
		{"location per request", []Option{WithPollsToComplete(2), WithPollingFunc(func(m, id string) (PollingStyle, bool) {
			return LocationPolling, m == http.MethodPut && strings.HasSuffix(id, "pe1")
		})}, "Location", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newWithGroup(t, c.opts...)
			body := map[string]any{"location": "westus", "properties": map[string]any{"subnet": map[string]any{"id": "x"}}}
			r := call(t, s, http.MethodPut, peID, body)
			expectStatus(t, r, http.StatusCreated)
			if state(r) != StateCreating || r.body["id"] != peID || r.body["name"] != "pe1" ||
				r.body["type"] != "Microsoft.Network/privateEndpoints" || r.body["location"] != "westus" {
				t.Fatalf("PUT body %v", r.body)
			}
			opURL := r.header.Get(c.header)
			if !strings.HasPrefix(opURL, s.URL()+"/subscriptions/") || !strings.Contains(opURL, "api-version="+apiVersion) {
				t.Fatalf("%s header %q", c.header, opURL)
			}
			pollToEnd(t, s, opURL, c.header, c.polls)
			got := call(t, s, http.MethodGet, strings.ToUpper(peID), nil)
			expectStatus(t, got, http.StatusOK)
			if state(got) != StateSucceeded || got.body["properties"].(map[string]any)["subnet"] == nil {
				t.Fatalf("GET body %v", got.body)
			}
		})
	}
}

// pollToEnd polls polls times, checking the resource is Creating until the last poll.
func pollToEnd(t *testing.T, s *Server, url, header string, polls int) {
	t.Helper()
	for i := 1; i <= polls; i++ {
		if got, _ := s.Get(peID); state(reply{body: got}) != StateCreating {
			t.Fatalf("before poll %d: %v", i, got)
		}
		p := send(t, s, http.MethodGet, url, nil)
		done := i == polls
		switch {
		case header == "Location" && done:
			expectStatus(t, p, http.StatusOK)
			if state(p) != StateSucceeded {
				t.Fatalf("final Location poll %v", p.body)
			}
		case header == "Location":
			expectStatus(t, p, http.StatusAccepted)
			url = p.header.Get("Location")
		case done != (p.body["status"] == OperationSucceeded) || !done && p.body["status"] != OperationInProgress:
			t.Fatalf("poll %d of %d: %v", i, polls, p.body)
		}
	}
}

func TestPutOfExistingResourceUpdates(t *testing.T) {
	s := newWithGroup(t)
	putAndWait(t, s, peID, map[string]any{"tags": map[string]any{"a": "1"}})
	r := call(t, s, http.MethodPut, peID, map[string]any{"tags": map[string]any{"b": "2"}})
	expectStatus(t, r, http.StatusOK)
	if state(r) != StateUpdating || r.body["tags"].(map[string]any)["a"] != nil {
		t.Fatalf("update replaces the body: %v", r.body)
	}
}

func TestGetMissing(t *testing.T) {
	s := newWithGroup(t)
	expectError(t, call(t, s, http.MethodGet, peID, nil), http.StatusNotFound, CodeResourceNotFound)
	expectError(t, call(t, s, http.MethodGet, sub+"/resourceGroups/nope", nil), http.StatusNotFound, CodeResourceGroupNotFound)
}

func TestSynchronousWithZeroPolls(t *testing.T) {
	s := newWithGroup(t, WithPollsToComplete(0))
	r := call(t, s, http.MethodPut, peID, map[string]any{})
	if r.status != http.StatusCreated || state(r) != StateSucceeded || r.header.Get("Azure-AsyncOperation") != "" {
		t.Fatalf("sync PUT: %d %v %v", r.status, r.body, r.header)
	}
	expectStatus(t, call(t, s, http.MethodDelete, peID, nil), http.StatusOK)
	expectStatus(t, call(t, s, http.MethodGet, peID, nil), http.StatusNotFound)
}

func TestDelete(t *testing.T) {
	cases := []struct {
		name   string
		opts   []Option
		header string
		final  int
	}{
		{"async operation", nil, "Azure-AsyncOperation", http.StatusOK},
		{"location", []Option{WithPolling(LocationPolling)}, "Location", http.StatusNoContent},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newWithGroup(t, c.opts...)
			seed(t, s, clusterID, map[string]any{})
			seed(t, s, dbID, map[string]any{})
			r := call(t, s, http.MethodDelete, clusterID, nil)
			expectStatus(t, r, http.StatusAccepted)
			if got, _ := s.Get(clusterID); state(reply{body: got}) != StateDeleting {
				t.Fatalf("during delete: %v", got)
			}
			p := send(t, s, http.MethodGet, r.header.Get(c.header), nil)
			expectStatus(t, p, c.final)
			expectError(t, call(t, s, http.MethodGet, clusterID, nil), http.StatusNotFound, CodeResourceNotFound)
			if _, ok := s.Get(dbID); ok {
				t.Fatal("child survived its parent's deletion")
			}
		})
	}
}

func TestDeleteMissingIsNoContent(t *testing.T) {
	s := newWithGroup(t)
	expectStatus(t, call(t, s, http.MethodDelete, peID, nil), http.StatusNoContent)
}

func TestPutDuringDeleteWins(t *testing.T) {
	s := newWithGroup(t)
	seed(t, s, peID, map[string]any{})
	del := call(t, s, http.MethodDelete, peID, nil)
	put := call(t, s, http.MethodPut, peID, map[string]any{})
	send(t, s, http.MethodGet, del.header.Get("Azure-AsyncOperation"), nil)
	if got, ok := s.Get(peID); !ok || state(reply{body: got}) != StateUpdating {
		t.Fatalf("stale delete operation changed the resource: %v %v", ok, got)
	}
	send(t, s, http.MethodGet, put.header.Get("Azure-AsyncOperation"), nil)
	if got, _ := s.Get(peID); state(reply{body: got}) != StateSucceeded {
		t.Fatalf("after PUT operation: %v", got)
	}
}
