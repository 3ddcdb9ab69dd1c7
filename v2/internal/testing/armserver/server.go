// Package armserver is an ARM-like HTTP server on 127.0.0.1 for tests: resources stored by ID,
// asynchronous PUT and DELETE, Azure's parent rules, fault injection and a request log.
package armserver

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is an ARM-like HTTP server on 127.0.0.1. It is safe for concurrent use.
type Server struct {
	http *httptest.Server
	opts options

	mu         sync.Mutex
	resources  map[string]*resource
	operations map[string]*operation
	faults     []*Fault
	rules      map[string]*FaultRule // by method
	requests   []Request
	nextOp     int
	holds      map[string]bool // ID prefixes whose operations stay in progress (Hold)
}

// New starts a server listening on 127.0.0.1 with a random port. Close it when done.
func New(opts ...Option) *Server {
	s := &Server{
		opts:       defaultOptions(),
		resources:  map[string]*resource{},
		operations: map[string]*operation{},
	}
	for _, o := range opts {
		o(&s.opts)
	}
	s.http = httptest.NewUnstartedServer(s)
	if s.opts.listener != nil {
		_ = s.http.Listener.Close()
		s.http.Listener = s.opts.listener
	}
	if s.opts.tls {
		s.http.StartTLS()
	} else {
		s.http.Start()
	}
	return s
}

// Start starts a server and closes it when the test ends.
func Start(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	s := New(opts...)
	tb.Cleanup(s.Close)
	return s
}

// URL is the server's base URL, e.g. http://127.0.0.1:41234, to be used as the ARM endpoint.
func (s *Server) URL() string {
	return s.http.URL
}

// HTTPClient returns a client for the server; with WithTLS it trusts the server's certificate.
func (s *Server) HTTPClient() *http.Client {
	return s.http.Client()
}

// Close stops the server.
func (s *Server) Close() {
	s.http.Close()
}

// ServeHTTP answers one request and records it before the response is written, so a client
// that has seen the response also sees the request in Requests.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := Request{Method: r.Method, Path: r.URL.Path, APIVersion: r.URL.Query().Get("api-version"), Time: start}
	rec.Body = captureBody(r)
	rec.Token = bearerToken(r)
	s.delay()
	resp := s.authorized(r, &rec)
	rec.Status = resp.status
	s.record(rec)
	resp.write(w)
}

// route dispatches to operation polling or resource handling.
func (s *Server) route(r *http.Request, rec *Request) response {
	if opID, ok := operationPath(r.URL.Path); ok {
		rec.Operation = true
		return s.poll(r, opID, rec)
	}
	if path, name, ok := actionPath(r); ok {
		return s.actionRequest(path, name, rec)
	}
	rid, err := parseID(r.URL.Path)
	if err != nil {
		return errorResponse(badRequest(CodeInvalidResourceID, err.Error()))
	}
	rec.ResourceID = rid.raw
	if rec.APIVersion == "" {
		return errorResponse(missingAPIVersion())
	}
	return s.resourceRequest(r, rid, rec)
}

// resourceRequest applies faults and rules, then the method's handler.
func (s *Server) resourceRequest(r *http.Request, rid resourceID, rec *Request) response {
	if r.Method != http.MethodPut && r.Method != http.MethodGet && r.Method != http.MethodDelete {
		return errorResponse(&armError{status: http.StatusMethodNotAllowed, code: CodeMethodNotAllowed,
			message: "The method '" + r.Method + "' is not supported by this server."})
	}
	body, perr := readBody(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.injectedFault(r.Method, rid, rec); e != nil {
		return errorResponse(e)
	}
	if e := s.checkRules(r.Method, rid); e != nil {
		return errorResponse(e)
	}
	switch r.Method {
	case http.MethodPut:
		if perr != nil {
			return errorResponse(perr)
		}
		return s.put(rid, body, rec.APIVersion)
	case http.MethodGet:
		return s.get(rid)
	}
	return s.delete(rid, rec.APIVersion)
}

func missingAPIVersion() *armError {
	return badRequest(CodeMissingAPIVersion, "The api-version query parameter (?api-version=) is required for all requests.")
}

// response is a computed answer, written after the server's lock is released.
type response struct {
	status int
	header map[string]string
	body   any
	err    *armError
}

func errorResponse(e *armError) response {
	return response{status: e.status, err: e}
}

func (r response) write(w http.ResponseWriter) {
	for k, v := range r.header {
		w.Header().Set(k, v)
	}
	switch {
	case r.err != nil:
		writeError(w, r.err)
	case r.body != nil:
		writeJSON(w, r.status, r.body)
	default:
		w.WriteHeader(r.status)
	}
}

// baseURL is the scheme and host clients use to reach the server.
func (s *Server) baseURL() string {
	return strings.TrimSuffix(s.http.URL, "/")
}

// Request is one request the server answered.
type Request struct {
	Method     string
	Path       string // URL path as sent
	APIVersion string // the api-version query parameter ("" when missing)
	// ResourceID is the resource the request is about: the path for resource requests, the
	// operation's resource for operation polls ("" when the path names neither).
	ResourceID string
	Operation  bool // true for a poll of an operation URL
	Status     int
	Fault      bool // the answer is an injected fault (AddFault or a FaultRule)
	Time       time.Time
	// Body is the request body as the client sent it (nil when empty): what ARM received.
	Body []byte
	// Token is the bearer token of the Authorization header ("" when none): test data, recorded
	// as is so tests can compare it (auth.go).
	Token string
}

// captureBody keeps a copy of the request body for the log and hands the handlers the same
// bytes, followed by the read error if reading failed.
func captureBody(r *http.Request) []byte {
	b, err := io.ReadAll(r.Body)
	if err == nil {
		err = io.EOF
	}
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(b), errReader{err}))
	if len(b) == 0 {
		return nil
	}
	return b
}

// errReader fails every read with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// Requests returns every request answered since the start or the last Reset, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// RequestsFor returns the requests whose ResourceID equals idPrefix or lies below it,
// compared segment-wise and case-insensitively (".../clusters/c" does not match ".../clusters/c2").
func (s *Server) RequestsFor(idPrefix string) []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.ResourceID != "" && within(r.ResourceID, idPrefix) {
			out = append(out, r)
		}
	}
	return out
}

// Reset forgets the recorded requests. Resources, operations and faults are kept.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = nil
}

func (s *Server) record(r Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, r)
}
