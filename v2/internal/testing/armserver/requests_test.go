package armserver

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pkg/errors"
)

func TestRequestsAreRecorded(t *testing.T) {
	s := newWithGroup(t)
	seed(t, s, clusterID, nil)
	before := time.Now()
	s.Reset()
	call(t, s, http.MethodGet, clusterID, nil)
	putAndWait(t, s, strings.ToUpper(peID), map[string]any{})
	send(t, s, http.MethodGet, s.URL()+dbID, nil)

	all := s.Requests()
	want := []struct {
		method, id string
		op         bool
		status     int
		apiVersion string
	}{
		{"GET", clusterID, false, 200, apiVersion},
		{"PUT", strings.ToUpper(peID), false, 201, apiVersion},
		{"GET", strings.ToUpper(peID), true, 200, apiVersion},
		{"GET", dbID, false, 400, ""},
	}
	if len(all) != len(want) {
		t.Fatalf("%d requests: %+v", len(all), all)
	}
	for i, w := range want {
		r := all[i]
		if r.Method != w.method || r.ResourceID != w.id || r.Operation != w.op || r.Status != w.status ||
			r.APIVersion != w.apiVersion || r.Time.Before(before) || r.Path == "" {
			t.Errorf("request %d: %+v, want %+v", i, r, w)
		}
	}
}

func TestRequestsFor(t *testing.T) {
	s := newWithGroup(t)
	seed(t, s, clusterID, nil)
	seed(t, s, clusterID+"2", nil)
	call(t, s, http.MethodGet, clusterID+"2", nil)
	call(t, s, http.MethodGet, clusterID, nil)
	call(t, s, http.MethodGet, dbID, nil)
	if got := s.RequestsFor(strings.ToLower(clusterID)); len(got) != 2 {
		t.Fatalf("cluster requests %+v", got)
	}
	if got := s.RequestsFor(dbID); len(got) != 1 || got[0].Status != http.StatusNotFound {
		t.Fatalf("database requests %+v", got)
	}
	if got := s.RequestsFor(rgID); len(got) != 4 { // includes the resource group PUT
		t.Fatalf("group requests %d", len(got))
	}
	s.Reset()
	if len(s.Requests()) != 0 || len(s.RequestsFor(rgID)) != 0 {
		t.Fatal("Reset kept requests")
	}
	if _, ok := s.Get(clusterID); !ok {
		t.Fatal("Reset dropped resources")
	}
}

func TestTLS(t *testing.T) {
	s := Start(t, WithTLS())
	if !strings.HasPrefix(s.URL(), "https://127.0.0.1:") {
		t.Fatalf("URL %s", s.URL())
	}
	expectStatus(t, call(t, s, http.MethodPut, rgID, map[string]any{}), http.StatusCreated)
}

func TestListensOnLoopback(t *testing.T) {
	s := Start(t)
	if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") {
		t.Fatalf("URL %s", s.URL())
	}
}

// TestConcurrentClients runs PUT/poll/GET cycles from several goroutines (run with -race).
func TestConcurrentClients(t *testing.T) {
	s := newWithGroup(t)
	seed(t, s, clusterID, nil)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := cycle(s, fmt.Sprintf("%s/databases/db%d", clusterID, i)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := len(s.RequestsFor(clusterID)); n != 8*3 {
		t.Fatalf("%d requests below the cluster", n)
	}
	for i := range 8 {
		if got, _ := s.Get(fmt.Sprintf("%s/databases/db%d", clusterID, i)); state(reply{body: got}) != StateSucceeded {
			t.Errorf("db%d: %v", i, got)
		}
	}
}

// cycle PUTs id, polls its operation once and GETs it, without touching testing.T.
func cycle(s *Server, id string) error {
	q := "?api-version=" + apiVersion
	put, err := do(s, http.MethodPut, s.URL()+id+q, `{"properties":{}}`)
	if err != nil || put.StatusCode != http.StatusCreated {
		return errors.Errorf("PUT %s: %v %v", id, put, err)
	}
	poll, err := do(s, http.MethodGet, put.Header.Get("Azure-AsyncOperation"), "")
	if err != nil || poll.StatusCode != http.StatusOK {
		return errors.Errorf("poll %s: %v %v", id, poll, err)
	}
	get, err := do(s, http.MethodGet, s.URL()+id+q, "")
	if err != nil || get.StatusCode != http.StatusOK {
		return errors.Errorf("GET %s: %v %v", id, get, err)
	}
	return nil
}

func do(s *Server, method, url, body string) (*http.Response, error) {
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	resp, err := s.HTTPClient().Do(req)
	if err == nil {
		resp.Body.Close()
	}
	return resp, err
}

// TestExtensionRequestLogKeepsBody: the log holds each PUT body as sent, and the handler still
// stores it, so tests can show what ARM received.
func TestExtensionRequestLogKeepsBody(t *testing.T) {
	s := newWithGroup(t)
	s.Reset()
	putAndWait(t, s, peID, map[string]any{"location": "westus2", "tags": map[string]any{"by": "modifier"}})
	puts := 0
	for _, r := range s.RequestsFor(peID) {
		switch {
		case r.Method == http.MethodPut:
			puts++
			if !strings.Contains(string(r.Body), `"by":"modifier"`) {
				t.Errorf("PUT body %q does not hold what was sent", r.Body)
			}
		case r.Body != nil:
			t.Errorf("%s without a body recorded %q", r.Method, r.Body)
		}
	}
	stored, _ := s.Get(peID)
	if puts != 1 || stored["tags"] == nil {
		t.Errorf("%d PUTs; stored %v", puts, stored)
	}
}
