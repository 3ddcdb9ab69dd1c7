package armserver

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

const (
	apiVersion = "2024-03-01"
	sub        = "/subscriptions/00000000-0000-0000-0000-000000000001"
	rgID       = sub + "/resourceGroups/rg1"
	peID       = rgID + "/providers/Microsoft.Network/privateEndpoints/pe1"
	clusterID  = rgID + "/providers/Microsoft.Kusto/clusters/c1"
	dbID       = clusterID + "/databases/db1"
)

// reply is a decoded response.
type reply struct {
	status int
	header http.Header
	body   map[string]any
}

// call sends a request with plain net/http; path may be a full URL (for operation URLs).
func call(t *testing.T, s *Server, method, path string, body any) reply {
	t.Helper()
	url := path
	if !strings.HasPrefix(path, "http") {
		url = s.URL() + path + "?api-version=" + apiVersion
	}
	return send(t, s, method, url, body)
}

func send(t *testing.T, s *Server, method, url string, body any) reply {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := s.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	return decode(t, resp)
}

func decode(t *testing.T, resp *http.Response) reply {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	r := reply{status: resp.StatusCode, header: resp.Header}
	if len(b) > 0 {
		if err := json.Unmarshal(b, &r.body); err != nil {
			t.Fatalf("body %q: %v", b, err)
		}
	}
	return r
}

// expectStatus fails unless r has the status.
func expectStatus(t *testing.T, r reply, status int) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body %v", r.status, status, r.body)
	}
}

// expectError checks an ARM error response: status, body code and x-ms-error-code header.
func expectError(t *testing.T, r reply, status int, code string) {
	t.Helper()
	expectStatus(t, r, status)
	e, _ := r.body["error"].(map[string]any)
	if e["code"] != code || r.header.Get("x-ms-error-code") != code {
		t.Fatalf("error %v (header %q), want code %q", r.body, r.header.Get("x-ms-error-code"), code)
	}
	if msg, _ := e["message"].(string); msg == "" {
		t.Fatalf("error without message: %v", r.body)
	}
}

func state(r reply) string {
	s, _ := stringAt(r.body, "properties", "provisioningState")
	return s
}

// newWithGroup starts a server holding resource group rg1.
func newWithGroup(t *testing.T, opts ...Option) *Server {
	t.Helper()
	s := Start(t, opts...)
	expectStatus(t, call(t, s, http.MethodPut, rgID, map[string]any{"location": "westus"}), http.StatusCreated)
	return s
}

// putAndWait PUTs a resource and polls its operation to completion.
func putAndWait(t *testing.T, s *Server, id string, body map[string]any) {
	t.Helper()
	r := call(t, s, http.MethodPut, id, body)
	if r.status != http.StatusCreated && r.status != http.StatusOK {
		t.Fatalf("PUT %s: %d %v", id, r.status, r.body)
	}
	for url := r.header.Get("Azure-AsyncOperation"); url != ""; {
		if p := send(t, s, http.MethodGet, url, nil); p.body["status"] == OperationSucceeded {
			return
		}
	}
}

func seed(t *testing.T, s *Server, id string, body map[string]any) {
	t.Helper()
	if err := s.Seed(id, body); err != nil {
		t.Fatal(err)
	}
}
