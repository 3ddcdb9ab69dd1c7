package armserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// Admin is the HTTP interface of the armserver program for another process (a test, a load
// test, or a developer with curl):
//
//	GET /requests            the request log (?bodies=false leaves the request bodies out;
//	                         ?since=<RFC 3339 time> keeps the requests received after it)
//	POST /property           set a property of a stored resource, as SetProperty (body: {"id", "path", "value"})
//	GET, POST /faults        the fault rules; POST sets one FaultRule, e.g. {"method":"PUT","rate":0.2,"status":500}
//	DELETE /faults           drop every fault rule
//	GET, POST /settings      operation length and latency (Settings)
func (s *Server) Admin() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /requests", func(w http.ResponseWriter, r *http.Request) {
		var since time.Time
		if v := r.URL.Query().Get("since"); v != "" {
			var err error
			if since, err = time.Parse(time.RFC3339Nano, v); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
		}
		writeJSON(w, http.StatusOK, s.requestLog(r.URL.Query().Get("bodies") != "false", since))
	})
	mux.HandleFunc("POST /property", func(w http.ResponseWriter, r *http.Request) {
		var p propertyChange
		decodeThen(w, r, &p, func() error { return s.SetProperty(p.ID, p.Path, p.Value) })
	})
	mux.HandleFunc("GET /faults", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, s.FaultRules())
	})
	mux.HandleFunc("POST /faults", func(w http.ResponseWriter, r *http.Request) {
		var rule FaultRule
		decodeThen(w, r, &rule, func() error { return s.SetFaultRule(rule) })
	})
	mux.HandleFunc("DELETE /faults", func(w http.ResponseWriter, _ *http.Request) {
		s.ClearFaultRules()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /settings", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, s.Settings())
	})
	mux.HandleFunc("POST /settings", func(w http.ResponseWriter, r *http.Request) {
		var c Settings
		decodeThen(w, r, &c, func() error { s.Configure(c); return nil })
	})
	return mux
}

// decodeThen decodes the request body into v and runs apply: 400 for a bad body, 422 when
// apply fails, 204 otherwise.
func decodeThen(w http.ResponseWriter, r *http.Request, v any, apply func() error) {
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := apply(); err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// requestLog is the log of the requests received after since, with or without their bodies.
func (s *Server) requestLog(bodies bool, since time.Time) []Request {
	all := s.Requests()
	out := all[:0]
	for _, r := range all {
		if !r.Time.After(since) {
			continue
		}
		if !bodies {
			r.Body = nil
		}
		out = append(out, r)
	}
	return out
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
	var out []Request
	return out, c.do(http.MethodGet, "/requests", nil, &out)
}

// RequestsWithoutBodies returns the server's request log without the request bodies.
func (c AdminClient) RequestsWithoutBodies() ([]Request, error) {
	var out []Request
	return out, c.do(http.MethodGet, "/requests?bodies=false", nil, &out)
}

// RequestsSince returns the requests received after t, without their bodies.
func (c AdminClient) RequestsSince(t time.Time) ([]Request, error) {
	var out []Request
	return out, c.do(http.MethodGet, "/requests?bodies=false&since="+url.QueryEscape(t.Format(time.RFC3339Nano)), nil, &out)
}

// SetProperty sets a property of a stored resource.
func (c AdminClient) SetProperty(id string, path []string, value any) error {
	return c.do(http.MethodPost, "/property", propertyChange{ID: id, Path: path, Value: value}, nil)
}

// SetFaultRule sets the fault rule of r's method.
func (c AdminClient) SetFaultRule(r FaultRule) error {
	return c.do(http.MethodPost, "/faults", r, nil)
}

// FaultRules returns the fault rules with their counts.
func (c AdminClient) FaultRules() ([]FaultRule, error) {
	var out []FaultRule
	return out, c.do(http.MethodGet, "/faults", nil, &out)
}

// ClearFaultRules drops every fault rule.
func (c AdminClient) ClearFaultRules() error {
	return c.do(http.MethodDelete, "/faults", nil, nil)
}

// Settings returns the server's settings.
func (c AdminClient) Settings() (Settings, error) {
	var out Settings
	return out, c.do(http.MethodGet, "/settings", nil, &out)
}

// Configure changes the server's settings.
func (c AdminClient) Configure(s Settings) error {
	return c.do(http.MethodPost, "/settings", s, nil)
}

// do sends in (when not nil) as JSON and decodes the answer into out (when not nil).
func (c AdminClient) do(method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.URL+path, body)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		msg, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("%s %s: %s %s", method, path, resp.Status, bytes.TrimSpace(msg))
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
