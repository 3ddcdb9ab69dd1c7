package armserver

import (
	"net/http"
	"testing"
	"time"
)

func TestFaults(t *testing.T) {
	cases := []struct {
		name       string
		fault      Fault
		method, id string
		status     int
		code       string
		retryAfter string
	}{
		{"throttled", Fault{Method: "PUT", ID: peID, Status: 429, RetryAfter: 7 * time.Second}, "PUT", peID, 429, "TooManyRequests", "7"},
		{"internal error", Fault{ID: peID, Status: 500}, "GET", peID, 500, "InternalServerError", ""},
		{"conflict", Fault{Method: "put", ID: peID, Status: 409}, "PUT", peID, 409, "Conflict", ""},
		{"bad request with code", Fault{ID: peID, Status: 400, Code: "InvalidParameter", Message: "bad subnet"}, "PUT", peID, 400, "InvalidParameter", ""},
		{"prefix", Fault{ID: rgID, Prefix: true, Status: 503}, "DELETE", peID, 503, "ServiceUnavailable", ""},
		{"any resource", Fault{Status: 500, Code: "Boom"}, "GET", clusterID, 500, "Boom", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newWithGroup(t)
			s.AddFault(c.fault)
			r := call(t, s, c.method, c.id, map[string]any{})
			expectError(t, r, c.status, c.code)
			if r.header.Get("Retry-After") != c.retryAfter {
				t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
			}
			if s.PendingFaults() != 0 {
				t.Fatal("fault not consumed")
			}
		})
	}
}

func TestFaultTimesThenSuccess(t *testing.T) {
	s := newWithGroup(t)
	s.AddFault(Fault{Method: http.MethodPut, ID: peID, Status: http.StatusConflict, Times: 3})
	for i := 0; i < 3; i++ {
		expectError(t, call(t, s, http.MethodPut, peID, map[string]any{}), http.StatusConflict, "Conflict")
	}
	expectStatus(t, call(t, s, http.MethodPut, peID, map[string]any{}), http.StatusCreated)
}

func TestFaultsDoNotMatchOtherRequests(t *testing.T) {
	s := newWithGroup(t)
	s.AddFault(Fault{Method: http.MethodPut, ID: clusterID, Status: 500})
	s.AddFault(Fault{ID: clusterID + "2", Prefix: true, Status: 500})
	expectStatus(t, call(t, s, http.MethodGet, clusterID, nil), http.StatusNotFound)
	expectStatus(t, call(t, s, http.MethodPut, dbID, map[string]any{}), http.StatusNotFound)
	putAndWait(t, s, peID, map[string]any{})
	if s.PendingFaults() != 2 {
		t.Fatalf("pending %d", s.PendingFaults())
	}
	s.ClearFaults()
	expectStatus(t, call(t, s, http.MethodPut, clusterID, map[string]any{}), http.StatusCreated)
}

func TestParentMustExist(t *testing.T) {
	s := newWithGroup(t)
	for _, method := range []string{http.MethodPut, http.MethodGet, http.MethodDelete} {
		r := call(t, s, method, dbID, map[string]any{})
		expectError(t, r, http.StatusNotFound, CodeParentResourceNotFound)
	}
	putAndWait(t, s, clusterID, map[string]any{})
	expectStatus(t, call(t, s, http.MethodPut, dbID, map[string]any{}), http.StatusCreated)
}

func TestChildWritesConflictWhileParentUpdating(t *testing.T) {
	s := newWithGroup(t)
	seed(t, s, clusterID, map[string]any{})
	seed(t, s, dbID, map[string]any{})
	if err := s.SetProvisioningState(clusterID, StateUpdating); err != nil {
		t.Fatal(err)
	}
	expectError(t, call(t, s, http.MethodPut, dbID, map[string]any{}), http.StatusConflict, CodeAnotherOperationRunning)
	expectError(t, call(t, s, http.MethodDelete, dbID, nil), http.StatusConflict, CodeAnotherOperationRunning)
	expectStatus(t, call(t, s, http.MethodGet, dbID, nil), http.StatusOK)
	if err := s.SetProvisioningState(clusterID, StateSucceeded); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, call(t, s, http.MethodPut, dbID, map[string]any{}), http.StatusOK)
}

func TestParentUpdatingThroughItsOwnPut(t *testing.T) {
	s := newWithGroup(t)
	putAndWait(t, s, clusterID, map[string]any{})
	expectStatus(t, call(t, s, http.MethodPut, clusterID, map[string]any{}), http.StatusOK)
	expectError(t, call(t, s, http.MethodPut, dbID, map[string]any{}), http.StatusConflict, CodeAnotherOperationRunning)
}

func TestStoppedKustoClusterRefusesChildRequests(t *testing.T) {
	cases := []struct {
		name   string
		opts   []Option
		status int
		code   string
	}{
		{"default", nil, http.StatusConflict, CodeClusterNotRunning},
		{"configured", []Option{WithKustoStoppedError(http.StatusBadRequest, "BadRequest")}, http.StatusBadRequest, "BadRequest"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newWithGroup(t, c.opts...)
			seed(t, s, clusterID, map[string]any{"properties": map[string]any{"state": "Stopped"}})
			for _, method := range []string{http.MethodGet, http.MethodPut, http.MethodDelete} {
				expectError(t, call(t, s, method, dbID, map[string]any{}), c.status, c.code)
				expectError(t, call(t, s, method, dbID+"/principalAssignments/p1", map[string]any{}), c.status, c.code)
			}
			expectStatus(t, call(t, s, http.MethodGet, clusterID, nil), http.StatusOK)
			if err := s.SetProperty(clusterID, []string{"properties", "state"}, "Running"); err != nil {
				t.Fatal(err)
			}
			expectStatus(t, call(t, s, http.MethodPut, dbID, map[string]any{}), http.StatusCreated)
		})
	}
}

func TestStoppedStateSurvivesClusterPut(t *testing.T) {
	s := newWithGroup(t)
	putAndWait(t, s, clusterID, map[string]any{"properties": map[string]any{}})
	if err := s.SetProperty(clusterID, []string{"properties", "state"}, "Stopped"); err != nil {
		t.Fatal(err)
	}
	putAndWait(t, s, clusterID, map[string]any{"sku": map[string]any{"name": "Dev"}})
	expectError(t, call(t, s, http.MethodGet, dbID, nil), http.StatusConflict, CodeClusterNotRunning)
}
