package genericarmclient

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
)

const (
	subscription = "00000000-0000-0000-0000-000000000000"
	resourceID   = "/subscriptions/" + subscription + "/resourceGroups/rg/providers/Microsoft.Network/privateEndpoints/pe"
	apiVersion   = "2022-07-01"
)

// reply is one scripted HTTP response; {{base}} in headers and body becomes the server's URL.
type reply struct {
	status  int
	headers map[string]string
	body    string
}

// request is what the server received.
type request struct {
	method, path, query, auth, body string
}

// armServer serves scripted replies per "METHOD /path", in order; the last one repeats.
type armServer struct {
	*httptest.Server
	mu       sync.Mutex
	replies  map[string][]reply
	received []request
}

func newARMServer(t *testing.T, replies map[string][]reply) *armServer {
	s := &armServer{replies: replies}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *armServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.received = append(s.received, request{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Get("Authorization"), string(body)})
	key := r.Method + " " + r.URL.Path
	queue := s.replies[key]
	if len(queue) == 0 {
		http.Error(w, "unscripted request "+key, http.StatusTeapot)
		return
	}

	next := queue[0]
	if len(queue) > 1 {
		s.replies[key] = queue[1:]
	}

	s.write(w, next)
}

func (s *armServer) write(w http.ResponseWriter, rep reply) {
	for name, value := range rep.headers {
		w.Header().Set(name, strings.ReplaceAll(value, "{{base}}", s.URL))
	}

	if rep.body != "" {
		w.Header().Set("Content-Type", "application/json")
	}

	w.WriteHeader(rep.status)
	_, _ = io.WriteString(w, strings.ReplaceAll(rep.body, "{{base}}", s.URL))
}

// requests returns "METHOD path" of every request received.
func (s *armServer) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, r := range s.received {
		out = append(out, r.method+" "+r.path)
	}
	return out
}

// newTestClient returns a client for s without retries and with fast polling.
func newTestClient(t *testing.T, endpoint string) *GenericClient {
	t.Helper()
	client, err := NewGenericClient(subscription, Options{
		Endpoint:      endpoint,
		ClientOptions: policy.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}},
		PollFrequency: 5 * time.Millisecond,
	})
	if err != nil {
		t.Fatalf("NewGenericClient: %v", err)
	}
	return client
}

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// armError is an ARM error body.
func armError(code, message string) string {
	return fmt.Sprintf(`{"error": {"code": %q, "message": %q}}`, code, message)
}

type resource struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Properties struct {
		ProvisioningState string `json:"provisioningState"`
	} `json:"properties"`
}
