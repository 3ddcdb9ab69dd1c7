package armserver

import (
	"net/http"
	"strings"
)

// Codes of authentication and authorization failures, as ARM sends them.
const (
	CodeAuthenticationFailed  = "AuthenticationFailed"
	CodeInvalidAuthentication = "InvalidAuthenticationToken"
	CodeAuthorizationFailed   = "AuthorizationFailed"
)

// WithSubscriptionTokens makes the server check bearer tokens: a request under
// /subscriptions/{s} must carry the token tokens[s]. Without a token it is refused with 401
// AuthenticationFailed, with a token the server does not know with 401 InvalidAuthenticationToken,
// and with another subscription's token (or for a subscription with no token) with 403
// AuthorizationFailed, as ARM refuses a principal without access to the scope. Requests outside
// a subscription need any known token. Without this option no token is checked.
func WithSubscriptionTokens(tokens map[string]string) Option {
	return func(o *options) {
		o.tokens = map[string]string{}
		for sub, token := range tokens {
			o.tokens[strings.ToLower(sub)] = token
		}
	}
}

// SetSubscriptionToken makes subscription accept token instead of its previous one (a rotated
// credential); it turns token checks on when they were off.
func (s *Server) SetSubscriptionToken(subscription, token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.opts.tokens == nil {
		s.opts.tokens = map[string]string{}
	}
	s.opts.tokens[strings.ToLower(subscription)] = token
}

// authorized routes the request when its token grants access to its subscription.
func (s *Server) authorized(r *http.Request, rec *Request) response {
	if e := s.checkToken(r.Method, r.URL.Path, rec.Token); e != nil {
		if rid, err := parseID(r.URL.Path); err == nil {
			rec.ResourceID = rid.raw // refused requests are found by RequestsFor too
		}
		return errorResponse(e)
	}
	return s.route(r, rec)
}

// checkToken applies WithSubscriptionTokens to one request.
func (s *Server) checkToken(method, path, token string) *armError {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.opts.tokens == nil {
		return nil
	}
	if token == "" {
		return &armError{status: http.StatusUnauthorized, code: CodeAuthenticationFailed,
			message: "Authentication failed. The 'Authorization' header is missing."}
	}
	if !s.knownToken(token) {
		return &armError{status: http.StatusUnauthorized, code: CodeInvalidAuthentication, message: "The access token is invalid."}
	}
	sub := subscriptionOfPath(path)
	if sub == "" || s.opts.tokens[strings.ToLower(sub)] == token {
		return nil
	}
	return &armError{status: http.StatusForbidden, code: CodeAuthorizationFailed, message: "The client does not have authorization to perform action '" +
		method + "' over scope '" + path + "' or the scope is invalid. If access was recently granted, please refresh your credentials."}
}

func (s *Server) knownToken(token string) bool {
	for _, t := range s.opts.tokens {
		if t == token {
			return true
		}
	}
	return false
}

// bearerToken is the token of the request's Authorization header.
func bearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// subscriptionOfPath is {s} of a path /subscriptions/{s}/..., "" for other paths.
func subscriptionOfPath(path string) string {
	parts := strings.Split(path, "/")
	if len(parts) > 2 && parts[0] == "" && strings.EqualFold(parts[1], "subscriptions") {
		return parts[2]
	}
	return ""
}
