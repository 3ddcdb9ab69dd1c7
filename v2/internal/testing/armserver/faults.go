package armserver

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Fault makes the server answer matching requests with an ARM error instead of handling them.
// Faults are checked in the order added, before any other rule; each one is used Times times
// and then dropped. Operation polls are faulted only by a Fault whose Method is MethodPoll; its
// ID matches the operation's resource.
type Fault struct {
	Method     string        // HTTP method to match, or MethodPoll; "" matches every method but polls
	ID         string        // resource ID to match, case-insensitively; "" matches every resource
	Prefix     bool          // also match every resource below ID
	Status     int           // HTTP status, e.g. 429, 500, 409, 400
	Code       string        // ARM error code; defaults from Status (TooManyRequests, Conflict, ...)
	Message    string        // ARM error message; defaults to a description of the fault
	RetryAfter time.Duration // sent as Retry-After in whole seconds when > 0
	Times      int           // how many requests it answers; 0 means 1
}

// AddFault queues a fault.
func (s *Server) AddFault(f Fault) {
	if f.Times <= 0 {
		f.Times = 1
	}
	if f.Code == "" {
		f.Code = defaultCode(f.Status)
	}
	if f.Message == "" {
		f.Message = fmt.Sprintf("Injected fault: %d %s.", f.Status, http.StatusText(f.Status))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &f)
}

// PendingFaults is the number of fault answers still queued.
func (s *Server) PendingFaults() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, f := range s.faults {
		n += f.Times
	}
	return n
}

// ClearFaults drops every queued fault.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
}

// takeFault uses the first fault matching the request, if any. Callers hold s.mu.
func (s *Server) takeFault(method string, rid resourceID) *armError {
	for i, f := range s.faults {
		if !f.matches(method, rid) {
			continue
		}
		f.Times--
		if f.Times == 0 {
			s.faults = append(s.faults[:i:i], s.faults[i+1:]...)
		}
		return &armError{status: f.Status, code: f.Code, message: f.Message, retryAfter: f.RetryAfter}
	}
	return nil
}

func (f *Fault) matches(method string, rid resourceID) bool {
	if f.Method == "" && method == MethodPoll {
		return false
	}
	if f.Method != "" && !strings.EqualFold(f.Method, method) {
		return false
	}
	if f.ID == "" {
		return true
	}
	fid, err := parseID(f.ID)
	if err != nil {
		return false
	}
	if f.Prefix {
		return within(rid.key, fid.key)
	}
	return rid.key == fid.key
}

// kustoClusterType is the ARM type whose stopped state blocks its child resources.
const kustoClusterType = "Microsoft.Kusto/clusters"

// checkRules applies Azure's behaviours that depend on other resources, in this order:
// a stopped Kusto cluster refuses every request below it; a missing parent (or resource
// group) answers 404; a write below a parent that is Updating answers 409. Callers hold s.mu.
func (s *Server) checkRules(method string, rid resourceID) *armError {
	if e := s.checkKustoRunning(rid); e != nil {
		return e
	}
	if e := s.checkParentExists(rid); e != nil {
		return e
	}
	if method == http.MethodPut || method == http.MethodDelete {
		return s.checkParentIdle(rid)
	}
	return nil
}

// checkParentExists requires the parent provider resource, or the resource group of a
// top-level resource unless WithoutResourceGroupCheck was given.
func (s *Server) checkParentExists(rid resourceID) *armError {
	parent, ok := rid.parent()
	if !ok || parent.isSubscription() {
		return nil
	}
	if s.resources[parent.key] != nil {
		return nil
	}
	if parent.isResourceGroup() {
		if !s.opts.requireGroups {
			return nil
		}
		return resourceGroupNotFound(parent)
	}
	return notFound(CodeParentResourceNotFound, fmt.Sprintf(
		"Can not perform requested operation on nested resource. Parent resource '%s' not found.", parentName(parent)))
}

// parentName is the name ARM prints for a parent: its names below the provider, joined by '/'.
func parentName(parent resourceID) string {
	p := parent.lastProviders()
	var names []string
	for i := p + 3; i < len(parent.segments); i += 2 {
		names = append(names, parent.segments[i])
	}
	return strings.Join(names, "/")
}

// checkParentIdle refuses writes while the parent provider resource is Updating.
func (s *Server) checkParentIdle(rid resourceID) *armError {
	parent, ok := rid.parent()
	if !ok || !parent.isProviderResource() {
		return nil
	}
	res := s.resources[parent.key]
	if res == nil {
		return nil
	}
	if state, _ := provisioningState(res.body); state == StateUpdating {
		return &armError{status: http.StatusConflict, code: CodeAnotherOperationRunning, message: fmt.Sprintf(
			"Operation on '%s' is not allowed: parent resource '%s' is in provisioning state '%s'.",
			rid.name(), parent.raw, state)}
	}
	return nil
}

// checkKustoRunning refuses any request below a Microsoft.Kusto/clusters resource whose
// properties.state is Stopped.
func (s *Server) checkKustoRunning(rid resourceID) *armError {
	for cur, ok := rid.parent(); ok && cur.isProviderResource(); cur, ok = cur.parent() {
		if !strings.EqualFold(cur.resourceType(), kustoClusterType) {
			continue
		}
		res := s.resources[cur.key]
		if res == nil {
			return nil
		}
		if state, _ := stringAt(res.body, "properties", "state"); strings.EqualFold(state, "Stopped") {
			return &armError{status: s.opts.kustoStatus, code: s.opts.kustoCode, message: fmt.Sprintf(
				"Cluster '%s' is in state '%s'; requests to its child resources are refused until it is started.",
				cur.name(), state)}
		}
		return nil
	}
	return nil
}
