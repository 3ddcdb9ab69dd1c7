package armserver

import (
	"net/http"
	"testing"
)

// callWithToken sends a request with plain net/http and the bearer token (none when empty).
func callWithToken(t *testing.T, s *Server, method, path, token string) reply {
	t.Helper()
	req, err := http.NewRequest(method, s.URL()+path+"?api-version="+apiVersion, nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := s.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	return decode(t, resp)
}

func TestSubscriptionTokens(t *testing.T) {
	const subB = "/subscriptions/00000000-0000-0000-0000-00000000000b"
	s := Start(t, WithSubscriptionTokens(map[string]string{
		"00000000-0000-0000-0000-000000000001": "token-a", "00000000-0000-0000-0000-00000000000B": "token-b"}))
	cases := []struct {
		name, path, token string
		status            int
		code              string
	}{
		{"own token", rgID, "token-a", http.StatusNotFound, CodeResourceGroupNotFound},
		{"own token, case-insensitive subscription", subB + "/resourceGroups/rg", "token-b", http.StatusNotFound, CodeResourceGroupNotFound},
		{"another subscription's token", rgID, "token-b", http.StatusForbidden, CodeAuthorizationFailed},
		{"unknown token", rgID, "token-z", http.StatusUnauthorized, CodeInvalidAuthentication},
		{"no token", rgID, "", http.StatusUnauthorized, CodeAuthenticationFailed},
		{"subscription without a token", "/subscriptions/other/resourceGroups/rg", "token-a", http.StatusForbidden, CodeAuthorizationFailed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectError(t, callWithToken(t, s, http.MethodGet, c.path, c.token), c.status, c.code)
			log := s.Requests()
			if last := log[len(log)-1]; last.Token != c.token || last.Status != c.status {
				t.Fatalf("logged token %q status %d, want %q %d", last.Token, last.Status, c.token, c.status)
			}
		})
	}
}

func TestSubscriptionTokenRotation(t *testing.T) {
	s := Start(t, WithSubscriptionTokens(map[string]string{"00000000-0000-0000-0000-000000000001": "old"}))
	s.SetSubscriptionToken("00000000-0000-0000-0000-000000000001", "new")
	expectError(t, callWithToken(t, s, http.MethodGet, rgID, "old"), http.StatusUnauthorized, CodeInvalidAuthentication)
	expectError(t, callWithToken(t, s, http.MethodGet, rgID, "new"), http.StatusNotFound, CodeResourceGroupNotFound)
}

func TestNoTokenCheckByDefault(t *testing.T) {
	s := Start(t)
	expectError(t, callWithToken(t, s, http.MethodGet, rgID, ""), http.StatusNotFound, CodeResourceGroupNotFound)
}
