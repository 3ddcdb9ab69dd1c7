package genericarmclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	pkgerrors "github.com/pkg/errors"
)

func TestRetryAfterFromHeader(t *testing.T) {
	now := time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name    string
		headers map[string]string
		want    time.Duration
		wantOK  bool
	}{
		{"none", nil, 0, false},
		{"seconds", map[string]string{"Retry-After": "30"}, 30 * time.Second, true},
		{"milliseconds preferred", map[string]string{"retry-after-ms": "250", "Retry-After": "30"}, 250 * time.Millisecond, true},
		{"x-ms milliseconds", map[string]string{"x-ms-retry-after-ms": "100"}, 100 * time.Millisecond, true},
		{"http date", map[string]string{"Retry-After": now.Add(90 * time.Second).Format(http.TimeFormat)}, 90 * time.Second, true},
		{"date in the past", map[string]string{"Retry-After": now.Add(-time.Minute).Format(http.TimeFormat)}, 0, true},
		{"garbage", map[string]string{"Retry-After": "soon"}, 0, false},
		{"negative", map[string]string{"Retry-After": "-5"}, 0, false},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			header := http.Header{}
			for name, value := range c.headers {
				header.Set(name, value)
			}

			got, ok := retryAfterFromHeader(header, now)
			if got != c.want || ok != c.wantOK {
				t.Errorf("retryAfterFromHeader = %s, %v; want %s, %v", got, ok, c.want, c.wantOK)
			}
		})
	}
}

func TestRetryAfterFromThrottledRequest(t *testing.T) {
	server := newARMServer(t, map[string][]reply{"GET " + resourceID: {{status: 429,
		headers: map[string]string{"Retry-After": "17"}, body: armError("TooManyRequests", "slow down")}}})
	err := newTestClient(t, server.URL).GetByID(testContext(t), resourceID, apiVersion, nil)
	wrapped := pkgerrors.Wrap(err, "reconciling")
	if got, ok := RetryAfter(wrapped); !ok || got != 17*time.Second {
		t.Errorf("RetryAfter = %s, %v", got, ok)
	}

	if StatusCode(wrapped) != 429 || ErrorCode(wrapped) != "TooManyRequests" {
		t.Errorf("helpers do not see through wrapping: %d %q", StatusCode(wrapped), ErrorCode(wrapped))
	}
}

func TestHelpersOnOtherErrors(t *testing.T) {
	for _, err := range []error{nil, errors.New("plain"), &azcore.ResponseError{StatusCode: 500}} {
		if _, ok := RetryAfter(err); ok {
			t.Errorf("RetryAfter(%v) found a delay", err)
		}
	}

	if StatusCode(errors.New("plain")) != 0 || ErrorCode(nil) != "" || IsNotFound(nil) {
		t.Errorf("helpers invent values for non-ARM errors")
	}
}

// staticCredential hands out a fixed token and records the scopes asked for.
type staticCredential struct{ scopes []string }

func (c *staticCredential) GetToken(_ context.Context, options policy.TokenRequestOptions) (azcore.AccessToken, error) {
	c.scopes = options.Scopes
	return azcore.AccessToken{Token: "test-token", ExpiresOn: time.Now().Add(time.Hour)}, nil
}

func TestCredentialAddsBearerToken(t *testing.T) {
	var auth string
	server := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		_, _ = w.Write([]byte(succeededBody))
	}))
	t.Cleanup(server.Close)

	credential := &staticCredential{}
	client, err := NewGenericClient(subscription, Options{
		Endpoint:      server.URL,
		Credential:    credential,
		ClientOptions: policy.ClientOptions{Transport: server.Client(), Retry: policy.RetryOptions{MaxRetries: -1}},
	})
	if err != nil {
		t.Fatalf("NewGenericClient: %v", err)
	}

	if err := client.GetByID(testContext(t), resourceID, apiVersion, &resource{}); err != nil {
		t.Fatalf("GetByID: %v", err)
	}

	if auth != "Bearer test-token" || len(credential.scopes) != 1 || credential.scopes[0] != server.URL+"/.default" {
		t.Errorf("Authorization %q, scopes %v", auth, credential.scopes)
	}
}
