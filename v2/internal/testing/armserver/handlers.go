package armserver

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// readBody decodes a JSON object body; an empty body is an empty object.
func readBody(r *http.Request) (map[string]any, *armError) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, badRequest(CodeInvalidRequestContent, "The request content could not be read: "+err.Error())
	}
	body := map[string]any{}
	if len(b) == 0 {
		return body, nil
	}
	if err := json.Unmarshal(b, &body); err != nil {
		return nil, badRequest(CodeInvalidRequestContent, "The request content was invalid and could not be deserialized: "+err.Error())
	}
	return body, nil
}

// put stores the body with the server-set fields and starts the operation. Callers hold s.mu.
func (s *Server) put(rid resourceID, body map[string]any, apiVersion string) response {
	existing := s.resources[rid.key]
	status, state := http.StatusCreated, StateCreating
	res := &resource{id: rid}
	if existing != nil {
		status, state, res = http.StatusOK, StateUpdating, existing
		applyOverrides(body, existing.overrides)
	}
	if s.opts.polls == 0 || rid.isResourceGroup() {
		state = StateSucceeded
	}
	res.body = withServerFields(body, res.id, state)
	res.operation = ""
	s.resources[rid.key] = res
	resp := response{status: status, body: cloneBody(res.body)}
	if state != StateSucceeded {
		resp.header = s.startOperation(res, http.MethodPut, apiVersion)
	}
	return resp
}

// get answers the stored body or ResourceNotFound. Callers hold s.mu.
func (s *Server) get(rid resourceID) response {
	res := s.resources[rid.key]
	if res == nil {
		return errorResponse(resourceNotFound(rid))
	}
	return response{status: http.StatusOK, body: cloneBody(res.body)}
}

// delete answers 204 for a missing resource, otherwise marks it Deleting and starts the
// operation that removes it and everything below it. Callers hold s.mu.
func (s *Server) delete(rid resourceID, apiVersion string) response {
	res := s.resources[rid.key]
	if res == nil {
		return response{status: http.StatusNoContent}
	}
	if s.opts.polls == 0 {
		s.removeTree(res.id)
		return response{status: http.StatusOK}
	}
	withServerFields(res.body, res.id, StateDeleting)
	return response{status: http.StatusAccepted, header: s.startOperation(res, http.MethodDelete, apiVersion)}
}

func resourceNotFound(rid resourceID) *armError {
	if rid.isResourceGroup() {
		return resourceGroupNotFound(rid)
	}
	msg := fmt.Sprintf("The Resource '%s/%s' was not found.", rid.resourceType(), rid.name())
	if rg, ok := rid.resourceGroup(); ok {
		msg = fmt.Sprintf("The Resource '%s/%s' under resource group '%s' was not found.",
			rid.resourceType(), rid.name(), rg.name())
	}
	return notFound(CodeResourceNotFound, msg)
}

func resourceGroupNotFound(rg resourceID) *armError {
	return notFound(CodeResourceGroupNotFound, fmt.Sprintf("Resource group '%s' could not be found.", rg.name()))
}

// cloneBody copies a stored body for a response, so later changes do not race the encoder.
func cloneBody(doc map[string]any) map[string]any {
	out, err := cloneObject(doc)
	if err != nil {
		return doc
	}
	return out
}

// ARM error codes the server answers with.
const (
	CodeMissingAPIVersion       = "MissingApiVersionParameter"
	CodeInvalidResourceID       = "InvalidResourceId"
	CodeResourceNotFound        = "ResourceNotFound"
	CodeResourceGroupNotFound   = "ResourceGroupNotFound"
	CodeParentResourceNotFound  = "ParentResourceNotFound"
	CodeAnotherOperationRunning = "AnotherOperationInProgress"
	CodeClusterNotRunning       = "ClusterNotRunning"
	CodeMethodNotAllowed        = "MethodNotAllowed"
	CodeInvalidRequestContent   = "InvalidRequestContent"
	CodeOperationNotFound       = "OperationNotFound"
)

// armError is an ARM error response: an HTTP status and the error body's code and message.
type armError struct {
	status     int
	code       string
	message    string
	retryAfter time.Duration
}

// errorBody is the JSON shape of every ARM error response.
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// writeError writes e as {"error":{"code":...,"message":...}} with the x-ms-error-code header
// and, when set, Retry-After in whole seconds.
func writeError(w http.ResponseWriter, e *armError) {
	w.Header().Set("x-ms-error-code", e.code)
	if e.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(e.retryAfter.Round(time.Second)/time.Second)))
	}
	writeJSON(w, e.status, errorBody{Error: errorDetail{Code: e.code, Message: e.message}})
}

// writeJSON writes v as the JSON body with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func notFound(code, message string) *armError {
	return &armError{status: http.StatusNotFound, code: code, message: message}
}

func badRequest(code, message string) *armError {
	return &armError{status: http.StatusBadRequest, code: code, message: message}
}

// defaultCode is the error code a fault without one gets for its status.
func defaultCode(status int) string {
	switch status {
	case http.StatusTooManyRequests:
		return "TooManyRequests"
	case http.StatusConflict:
		return "Conflict"
	case http.StatusBadRequest:
		return "BadRequest"
	case http.StatusNotFound:
		return CodeResourceNotFound
	case http.StatusServiceUnavailable:
		return "ServiceUnavailable"
	}
	return "InternalServerError"
}
