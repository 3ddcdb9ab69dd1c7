package armserver

import (
	"net/http"
	"testing"
	"time"
)

func TestOperationDuration(t *testing.T) {
	const d = 150 * time.Millisecond
	s := newWithGroup(t, WithOperationDuration(d))
	start := time.Now()
	url := call(t, s, http.MethodPut, peID, map[string]any{}).header.Get("Azure-AsyncOperation")
	polls := 0
	for {
		polls++
		p := send(t, s, http.MethodGet, url, nil)
		if p.body["status"] == OperationSucceeded {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatal("the operation never completed")
		}
	}
	if elapsed := time.Since(start); elapsed < d || polls < 2 {
		t.Fatalf("completed after %v and %d polls, want at least %v", elapsed, polls, d)
	}
}

func TestLatency(t *testing.T) {
	const d = 100 * time.Millisecond
	s := Start(t, WithLatency(d))
	start := time.Now()
	call(t, s, http.MethodGet, rgID, nil)
	if elapsed := time.Since(start); elapsed < d {
		t.Fatalf("answered after %v, want at least %v", elapsed, d)
	}
}

func TestConfigure(t *testing.T) {
	s := newWithGroup(t, WithPollsToComplete(3))
	want := Settings{PollsToComplete: 0, OperationMillis: 5, LatencyMillis: 1}
	s.Configure(want)
	if got := s.Settings(); got != want {
		t.Fatalf("settings %+v, want %+v", got, want)
	}
	r := call(t, s, http.MethodPut, peID, map[string]any{})
	if state(r) != StateSucceeded || r.header.Get("Azure-AsyncOperation") != "" {
		t.Fatalf("PUT after polls 0: %v %v", r.body, r.header)
	}
}
