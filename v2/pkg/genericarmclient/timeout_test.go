package genericarmclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
)

// TestRequestTimeoutEndsAHungRequest: a server that never answers fails the request at the
// client's RequestTimeout, with an error that says so, instead of holding the caller.
func TestRequestTimeoutEndsAHungRequest(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	c, err := NewGenericClient("sub", Options{
		Endpoint: srv.URL, RequestTimeout: 200 * time.Millisecond,
		ClientOptions: policy.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	err = c.GetByID(context.Background(), "/subscriptions/sub/resourceGroups/rg", "2021-04-01", &out)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "no answer from ARM within 200ms") {
		t.Fatalf("want a timeout naming its duration, got %v", err)
	}
}
