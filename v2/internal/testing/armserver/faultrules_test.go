package armserver

import (
	"fmt"
	"net/http"
	"testing"
)

func TestFaultRuleSpreadsItsRateEvenly(t *testing.T) {
	cases := []struct {
		name   string
		rule   FaultRule
		failed []int // 1-based numbers of the requests that fail, out of 10
	}{
		{"rate 0.2", FaultRule{Method: "PUT", Rate: 0.2}, []int{5, 10}},
		{"rate 0.3", FaultRule{Method: "put", Rate: 0.3}, []int{4, 7, 10}},
		{"every 3rd", FaultRule{Method: "PUT", Every: 3, Rate: 0.9}, []int{3, 6, 9}},
		{"every request", FaultRule{Rate: 1}, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
		{"other method", FaultRule{Method: "GET", Rate: 1}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newWithGroup(t, WithPollsToComplete(0))
			if err := s.SetFaultRule(c.rule); err != nil {
				t.Fatal(err)
			}
			s.Reset()
			for i := 1; i <= 10; i++ {
				call(t, s, http.MethodPut, fmt.Sprintf("%s%d", peID, i), map[string]any{})
			}
			if got := faultedNumbers(s.Requests()); fmt.Sprint(got) != fmt.Sprint(c.failed) {
				t.Fatalf("faulted requests %v, want %v", got, c.failed)
			}
		})
	}
}

// faultedNumbers are the 1-based positions of the log's faulted requests, checking that each
// one answered the rule's 500.
func faultedNumbers(log []Request) []int {
	var out []int
	for i, r := range log {
		if r.Fault && r.Status == http.StatusInternalServerError {
			out = append(out, i+1)
		}
	}
	return out
}

func TestFaultRuleAnswer(t *testing.T) {
	s := newWithGroup(t)
	rule := FaultRule{Method: "GET", Every: 1, Status: 429, RetryAfterSeconds: 3}
	if err := s.SetFaultRule(rule); err != nil {
		t.Fatal(err)
	}
	r := call(t, s, http.MethodGet, peID, nil)
	expectError(t, r, http.StatusTooManyRequests, "TooManyRequests")
	if r.header.Get("Retry-After") != "3" {
		t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
	}
	rules := s.FaultRules()
	if len(rules) != 1 || rules[0].Matched != 1 || rules[0].Failed != 1 {
		t.Fatalf("rules %+v", rules)
	}
	s.ClearFaultRules()
	expectStatus(t, call(t, s, http.MethodGet, peID, nil), http.StatusNotFound)
}

func TestFaultRuleRejectsBadRates(t *testing.T) {
	s := Start(t)
	for _, r := range []FaultRule{{Rate: -0.1}, {Rate: 1.5}, {Every: -2}} {
		if err := s.SetFaultRule(r); err == nil {
			t.Errorf("%+v accepted", r)
		}
	}
}

func TestPollFaults(t *testing.T) {
	cases := []struct {
		name string
		set  func(*Server)
	}{
		{"rule", func(s *Server) { _ = s.SetFaultRule(FaultRule{Method: MethodPoll, Every: 2}) }},
		{"queued", func(s *Server) { s.AddFault(Fault{Method: MethodPoll, ID: peID, Status: 500, Times: 1}) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newWithGroup(t, WithPollsToComplete(2))
			url := call(t, s, http.MethodPut, peID, map[string]any{}).header.Get("Azure-AsyncOperation")
			c.set(s)
			s.Reset()
			statuses := []string{}
			for range 3 {
				p := send(t, s, http.MethodGet, url, nil)
				statuses = append(statuses, fmt.Sprintf("%d %v", p.status, p.body["status"]))
			}
			// The faulted poll does not count: the operation completes on the third request.
			want := "[200 InProgress 500 <nil> 200 Succeeded]"
			if c.name == "queued" {
				want = "[500 <nil> 200 InProgress 200 Succeeded]"
			}
			if fmt.Sprint(statuses) != want {
				t.Fatalf("polls answered %v, want %v", statuses, want)
			}
			if log := s.Requests(); len(faultedNumbers(log)) != 1 || !log[faultedNumbers(log)[0]-1].Operation {
				t.Fatalf("log %+v", log)
			}
		})
	}
}

func TestFaultsWithoutPollMethodSparePolls(t *testing.T) {
	s := newWithGroup(t)
	url := call(t, s, http.MethodPut, peID, map[string]any{}).header.Get("Azure-AsyncOperation")
	s.AddFault(Fault{Status: 500})
	if err := s.SetFaultRule(FaultRule{Rate: 1}); err != nil {
		t.Fatal(err)
	}
	if p := send(t, s, http.MethodGet, url, nil); p.body["status"] != OperationSucceeded {
		t.Fatalf("poll %d %v", p.status, p.body)
	}
	if s.PendingFaults() != 1 {
		t.Fatal("a fault without a method was used by a poll")
	}
}
