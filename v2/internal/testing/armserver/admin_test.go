package armserver

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// startAdmin serves s.Admin() and returns a client for it.
func startAdmin(t *testing.T, s *Server) AdminClient {
	t.Helper()
	h := httptest.NewServer(s.Admin())
	t.Cleanup(h.Close)
	return AdminClient{URL: h.URL}
}

func TestAdminFaultRules(t *testing.T) {
	s := newWithGroup(t)
	admin := startAdmin(t, s)
	if err := admin.SetFaultRule(FaultRule{Method: "DELETE", Every: 1, Status: 503}); err != nil {
		t.Fatal(err)
	}
	expectError(t, call(t, s, http.MethodDelete, peID, nil), http.StatusServiceUnavailable, "ServiceUnavailable")
	rules, err := admin.FaultRules()
	if err != nil || len(rules) != 1 || rules[0].Method != "DELETE" || rules[0].Failed != 1 {
		t.Fatalf("rules %+v, %v", rules, err)
	}
	if err := admin.SetFaultRule(FaultRule{Rate: 2}); err == nil {
		t.Fatal("a rate of 2 was accepted")
	}
	if err := admin.ClearFaultRules(); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, call(t, s, http.MethodDelete, peID, nil), http.StatusNoContent)
}

func TestAdminSettings(t *testing.T) {
	s := Start(t)
	admin := startAdmin(t, s)
	want := Settings{PollsToComplete: 4, OperationMillis: 2000, LatencyMillis: 3}
	if err := admin.Configure(want); err != nil {
		t.Fatal(err)
	}
	if got, err := admin.Settings(); err != nil || got != want {
		t.Fatalf("settings %+v, %v; want %+v", got, err, want)
	}
}

func TestAdminRequestLog(t *testing.T) {
	s := newWithGroup(t)
	admin := startAdmin(t, s)
	s.AddFault(Fault{Method: "PUT", Status: 500})
	call(t, s, http.MethodPut, peID, map[string]any{"location": "westus"})
	with, err := admin.Requests()
	if err != nil || len(with) != 2 || with[1].Body == nil || !with[1].Fault || with[0].Fault {
		t.Fatalf("log %+v, %v", with, err)
	}
	without, err := admin.RequestsWithoutBodies()
	if err != nil || len(without) != 2 || without[1].Body != nil || !without[1].Fault {
		t.Fatalf("log without bodies %+v, %v", without, err)
	}
	since, err := admin.RequestsSince(with[0].Time)
	if err != nil || len(since) != 1 || since[0].Method != http.MethodPut || since[0].Body != nil {
		t.Fatalf("log since the first request %+v, %v", since, err)
	}
	if err := admin.SetProperty(peID+"x", []string{"a"}, 1); err == nil {
		t.Fatal("setting a property of a missing resource succeeded")
	}
}
