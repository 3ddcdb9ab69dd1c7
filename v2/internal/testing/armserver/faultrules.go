package armserver

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// MethodPoll is the method name of fault rules and faults that apply to operation polls.
const MethodPoll = "POLL"

// FaultRule fails a share of the matching requests for as long as it is set, unlike a Fault,
// which answers a number of times and is dropped. The share is deterministic: Rate 0.2 fails the
// 5th, 10th, 15th, ... matching request (Rate 0.3 fails 3 of every 10, spread evenly); Every N
// fails every N-th. Rules are checked after the queued Faults. A load test sets them from
// another process through the Admin interface (POST /faults).
type FaultRule struct {
	// Method is PUT, GET, DELETE, POST (actions) or POLL (operation polls); "" matches every
	// resource request (PUT, GET, DELETE, POST) but not polls.
	Method            string  `json:"method"`
	Rate              float64 `json:"rate,omitempty"`  // share of matching requests that fail, 0..1
	Every             int     `json:"every,omitempty"` // fail every Every-th matching request (overrides Rate)
	Status            int     `json:"status"`          // HTTP status, default 500
	Code              string  `json:"code,omitempty"`  // ARM error code; defaults from Status
	Message           string  `json:"message,omitempty"`
	RetryAfterSeconds int     `json:"retryAfterSeconds,omitempty"` // sent as Retry-After when > 0
	Matched           int     `json:"matched"`                     // matching requests so far (set by the server)
	Failed            int     `json:"failed"`                      // requests it failed so far (set by the server)
}

// ratePPM is a rate in parts per million, so the spread is computed in integers.
const ratePPM = 1_000_000

// SetFaultRule sets the rule for its method, replacing the one set before (and its counts).
func (s *Server) SetFaultRule(r FaultRule) error {
	r.Method = strings.ToUpper(r.Method)
	if r.Rate < 0 || r.Rate > 1 || r.Every < 0 {
		return fmt.Errorf("fault rule %s: rate %v must be within 0..1 and every %d not negative", r.Method, r.Rate, r.Every)
	}
	if r.Status == 0 {
		r.Status = http.StatusInternalServerError
	}
	if r.Code == "" {
		r.Code = defaultCode(r.Status)
	}
	if r.Message == "" {
		r.Message = fmt.Sprintf("Injected fault: %d %s.", r.Status, http.StatusText(r.Status))
	}
	r.Matched, r.Failed = 0, 0
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rules == nil {
		s.rules = map[string]*FaultRule{}
	}
	s.rules[r.Method] = &r
	return nil
}

// FaultRules returns the rules set, with their counts.
func (s *Server) FaultRules() []FaultRule {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]FaultRule, 0, len(s.rules))
	for _, r := range s.rules {
		out = append(out, *r)
	}
	return out
}

// ClearFaultRules drops every rule.
func (s *Server) ClearFaultRules() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rules = nil
}

// injectedFault answers a request with a queued fault or a rule's fault, if one applies, and
// marks the log record. Callers hold s.mu.
func (s *Server) injectedFault(method string, rid resourceID, rec *Request) *armError {
	e := s.takeFault(method, rid)
	if e == nil {
		e = s.ruleFault(method)
	}
	rec.Fault = e != nil
	return e
}

// ruleFault counts a request against the rule of its method (or the "" rule for resource
// requests) and answers its fault when the request is one to fail. Callers hold s.mu.
func (s *Server) ruleFault(method string) *armError {
	r := s.rules[strings.ToUpper(method)]
	if r == nil && method != MethodPoll {
		r = s.rules[""]
	}
	if r == nil || !r.hit() {
		return nil
	}
	r.Failed++
	return &armError{status: r.Status, code: r.Code, message: r.Message,
		retryAfter: time.Duration(r.RetryAfterSeconds) * time.Second}
}

// hit counts one matching request and reports whether it is one to fail.
func (r *FaultRule) hit() bool {
	r.Matched++
	n := int64(r.Matched)
	if r.Every > 0 {
		return n%int64(r.Every) == 0
	}
	ppm := int64(r.Rate*ratePPM + 0.5)
	return n*ppm/ratePPM > (n-1)*ppm/ratePPM
}
