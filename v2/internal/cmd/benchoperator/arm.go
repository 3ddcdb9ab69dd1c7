package main

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/asogen/asogen/v2/internal/testing/armserver"
)

// methodPoll names operation polls among the methods of armStats.
const methodPoll = armserver.MethodPoll

// armMethods are the columns of the per-object request counts.
var armMethods = []string{http.MethodPut, http.MethodGet, http.MethodDelete, http.MethodPost, methodPoll}

// armStats summarises the ARM requests of one phase.
type armStats struct {
	byMethod  map[string]int // requests by method, polls under POLL
	faults    int            // answers that were injected faults
	resources int            // distinct resource IDs
	// extraPuts counts the resources sent more PUTs than 1 + their PUTs answered with an
	// injected fault; worst is the one with the most, as "id: n PUTs, f faulted".
	extraPuts int
	worst     string
}

// between keeps the requests received in [from, to).
func between(log []armserver.Request, from, to time.Time) []armserver.Request {
	var out []armserver.Request
	for _, r := range log {
		if !r.Time.Before(from) && r.Time.Before(to) {
			out = append(out, r)
		}
	}
	return out
}

// method is a request's column: its HTTP method, or POLL for an operation poll.
func method(r armserver.Request) string {
	if r.Operation {
		return methodPoll
	}
	return r.Method
}

// summarize counts log by method and checks every resource's PUTs against its PUT faults.
func summarize(log []armserver.Request) armStats {
	s := armStats{byMethod: map[string]int{}}
	ids := map[string]bool{}
	for _, r := range log {
		s.byMethod[method(r)]++
		if r.Fault {
			s.faults++
		}
		if r.ResourceID != "" {
			ids[strings.ToLower(r.ResourceID)] = true
		}
	}
	s.resources = len(ids)
	s.extraPuts, s.worst = checkPuts(log)
	return s
}

// checkPuts counts the resources sent more PUTs than 1 + their faulted PUTs and describes the
// one with the most (the first by ID on a tie), with its requests in order.
func checkPuts(log []armserver.Request) (int, string) {
	puts, faulted := map[string]int{}, map[string]int{}
	for _, r := range log {
		if id := strings.ToLower(r.ResourceID); method(r) == http.MethodPut {
			puts[id]++
			if r.Fault {
				faulted[id]++
			}
		}
	}
	over, worst, worstExtra := 0, "", 0
	for id, n := range puts {
		extra := n - 1 - faulted[id]
		if extra <= 0 {
			continue
		}
		over++
		if extra > worstExtra || (extra == worstExtra && id < worst) {
			worst, worstExtra = id, extra
		}
	}
	if worst == "" {
		return 0, ""
	}
	return over, fmt.Sprintf("%s: %d PUTs, %d faulted: %s", worst, puts[worst], faulted[worst], history(log, worst))
}

// history lists the requests about id in order, as "PUT 201, POLL 500 (fault), ...".
func history(log []armserver.Request, id string) string {
	var out []string
	for _, r := range log {
		if strings.ToLower(r.ResourceID) != id {
			continue
		}
		h := fmt.Sprintf("%s %d", method(r), r.Status)
		if r.Fault {
			h += " (fault)"
		}
		out = append(out, h)
	}
	return strings.Join(out, ", ")
}

// firstPuts returns when each of ids (lower case) was first sent a PUT.
func firstPuts(log []armserver.Request, ids []string) map[string]time.Time {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	out := map[string]time.Time{}
	for _, r := range log {
		id := strings.ToLower(r.ResourceID)
		if r.Method != http.MethodPut || r.Operation || !want[id] {
			continue
		}
		if t, ok := out[id]; !ok || r.Time.Before(t) {
			out[id] = r.Time
		}
	}
	return out
}

// acceptedPuts counts the ids that were answered a PUT with 200 or 201.
func acceptedPuts(log []armserver.Request, ids []string) int {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	done := map[string]bool{}
	for _, r := range log {
		id := strings.ToLower(r.ResourceID)
		if r.Method == http.MethodPut && !r.Operation && want[id] && (r.Status == http.StatusOK || r.Status == http.StatusCreated) {
			done[id] = true
		}
	}
	return len(done)
}
