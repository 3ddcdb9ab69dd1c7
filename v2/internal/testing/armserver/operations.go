package armserver

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Operation statuses reported by Azure-AsyncOperation polls.
const (
	OperationInProgress = "InProgress"
	OperationSucceeded  = "Succeeded"
)

// operation is a long-running PUT or DELETE.
type operation struct {
	id         string
	target     resourceID
	method     string
	style      PollingStyle
	apiVersion string
	pollsLeft  int
	doneAfter  time.Time // the operation does not complete before this time
	done       bool
}

// operationStatus is the body of an Azure-AsyncOperation poll.
type operationStatus struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Status string `json:"status"`
}

// startOperation registers an operation driving res and returns the polling header.
// Callers hold s.mu.
func (s *Server) startOperation(res *resource, method, apiVersion string) map[string]string {
	s.nextOp++
	op := &operation{
		id:         fmt.Sprintf("op-%06d", s.nextOp),
		target:     res.id,
		method:     method,
		style:      s.opts.pollingStyle(method, res.id),
		apiVersion: apiVersion,
		pollsLeft:  s.opts.polls,
		doneAfter:  time.Now().Add(s.opts.operationDuration),
	}
	s.operations[op.id] = op
	res.operation = op.id
	header := "Azure-AsyncOperation"
	if op.style == LocationPolling {
		header = "Location"
	}
	return map[string]string{header: s.baseURL() + op.path() + "?api-version=" + apiVersion}
}

// path is the operation URL path: .../operationStatuses/{id} or .../operationResults/{id}.
func (op *operation) path() string {
	kind := "operationStatuses"
	if op.style == LocationPolling {
		kind = "operationResults"
	}
	return fmt.Sprintf("/subscriptions/%s/providers/%s/%s/%s", op.target.subscription(), op.target.namespace(), kind, op.id)
}

// operationPath recognises /subscriptions/{s}/providers/{ns}/operation{Statuses,Results}/{id}.
func operationPath(path string) (string, bool) {
	s := strings.Split(strings.Trim(path, "/"), "/")
	if len(s) != 6 || !strings.EqualFold(s[0], "subscriptions") || !strings.EqualFold(s[2], "providers") {
		return "", false
	}
	kind := strings.ToLower(s[4])
	return s[5], kind == "operationstatuses" || kind == "operationresults"
}

// poll counts one poll of the operation, completing it on the configured poll once the
// configured operation duration has passed. A faulted poll does not count.
func (s *Server) poll(r *http.Request, opID string, rec *Request) response {
	s.mu.Lock()
	defer s.mu.Unlock()
	op := s.operations[opID]
	if op == nil {
		return errorResponse(notFound(CodeOperationNotFound, fmt.Sprintf("The operation '%s' was not found.", opID)))
	}
	rec.ResourceID = op.target.raw
	if r.Method != http.MethodGet {
		return errorResponse(&armError{status: http.StatusMethodNotAllowed, code: CodeMethodNotAllowed,
			message: "Operation URLs only support GET."})
	}
	if rec.APIVersion == "" {
		return errorResponse(missingAPIVersion())
	}
	if e := s.injectedFault(MethodPoll, op.target, rec); e != nil {
		return errorResponse(e)
	}
	if !op.done && !s.held(op.target) {
		op.pollsLeft--
		if op.pollsLeft <= 0 && !time.Now().Before(op.doneAfter) {
			s.complete(op)
		}
	}
	return s.pollResponse(op, r.URL.String())
}

// complete finishes op; it changes the resource only when op still drives it. Callers hold s.mu.
func (s *Server) complete(op *operation) {
	op.done = true
	res := s.resources[op.target.key]
	if res == nil || res.operation != op.id {
		return
	}
	res.operation = ""
	if op.method == http.MethodDelete {
		s.removeTree(op.target)
		return
	}
	withServerFields(res.body, res.id, StateSucceeded)
}

// pollResponse answers a poll in the operation's style. Callers hold s.mu.
func (s *Server) pollResponse(op *operation, requestURI string) response {
	if op.style == AsyncOperation {
		status := OperationInProgress
		if op.done {
			status = OperationSucceeded
		}
		return response{status: http.StatusOK, body: operationStatus{ID: op.path(), Name: op.id, Status: status}}
	}
	if !op.done {
		return response{status: http.StatusAccepted, header: map[string]string{"Location": s.baseURL() + requestURI}}
	}
	res := s.resources[op.target.key]
	if op.method == http.MethodDelete || res == nil {
		return response{status: http.StatusNoContent}
	}
	return response{status: http.StatusOK, body: cloneBody(res.body)}
}
