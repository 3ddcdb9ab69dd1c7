package armserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
)

// Admin is the HTTP interface of the armserver program for another process (a test, or a
// developer with curl): GET /requests lists the request log; POST /property sets a property of a
// stored resource, as SetProperty does (body: {"id", "path", "value"}).
func (s *Server) Admin() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /requests", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, s.Requests())
	})
	mux.HandleFunc("POST /property", func(w http.ResponseWriter, r *http.Request) {
		var p propertyChange
		if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if err := s.SetProperty(p.ID, p.Path, p.Value); err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

type propertyChange struct {
	ID    string   `json:"id"`
	Path  []string `json:"path"`
	Value any      `json:"value"`
}

// AdminClient talks to the Admin interface of an armserver in another process.
type AdminClient struct {
	URL string // e.g. http://127.0.0.1:8091
}

// Requests returns the server's request log.
func (c AdminClient) Requests() ([]Request, error) {
	resp, err := http.Get(c.URL + "/requests")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out []Request
	return out, json.NewDecoder(resp.Body).Decode(&out)
}

// SetProperty sets a property of a stored resource.
func (c AdminClient) SetProperty(id string, path []string, value any) error {
	body, err := json.Marshal(propertyChange{ID: id, Path: path, Value: value})
	if err != nil {
		return err
	}
	resp, err := http.Post(c.URL+"/property", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		return fmt.Errorf("setting %v of %s: %s", path, id, resp.Status)
	}
	return nil
}
