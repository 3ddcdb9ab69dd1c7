package armserver

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
)

// ListKeysAction is the one ARM action (POST {resourceID}/listKeys) the server answers: the
// access keys of any resource it holds, the same for the same resource ID every time (see Keys),
// in the shape of its service: {"keys": [{"keyName": "key1", "value": ...}, ...]} for storage
// accounts, {"primaryKey": ..., "secondaryKey": ...} (Redis's) for everything else.
const ListKeysAction = "listKeys"

// Keys returns the access keys listKeys answers for the resource id.
func Keys(id string) (primary, secondary string) {
	return key(id, "primary"), key(id, "secondary")
}

func key(id, which string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(id) + "|" + which))
	return base64.StdEncoding.EncodeToString(sum[:])
}

// actionPath splits a POST path into the resource ID and the action name.
func actionPath(r *http.Request) (string, string, bool) {
	if r.Method != http.MethodPost {
		return "", "", false
	}
	i := strings.LastIndex(r.URL.Path, "/")
	if i <= 0 {
		return "", "", false
	}
	return r.URL.Path[:i], r.URL.Path[i+1:], true
}

// action answers POST {resourceID}/{action}: 404 for a resource the server does not hold,
// 405 for an action other than listKeys. Callers hold s.mu.
func (s *Server) action(rid resourceID, name string) response {
	if !strings.EqualFold(name, ListKeysAction) {
		return errorResponse(&armError{status: http.StatusMethodNotAllowed, code: CodeMethodNotAllowed,
			message: "The action '" + name + "' is not supported by this server."})
	}
	if s.resources[rid.key] == nil {
		return errorResponse(resourceNotFound(rid))
	}
	return response{status: http.StatusOK, body: keysBody(rid)}
}

// keysBody is listKeys' answer in the shape of the resource's service.
func keysBody(rid resourceID) map[string]any {
	primary, secondary := Keys(rid.raw)
	if !strings.EqualFold(rid.resourceType(), "Microsoft.Storage/storageAccounts") {
		return map[string]any{"primaryKey": primary, "secondaryKey": secondary}
	}
	key := func(name, value string) map[string]any {
		return map[string]any{"keyName": name, "value": value, "permissions": "FULL"}
	}
	return map[string]any{"keys": []any{key("key1", primary), key("key2", secondary)}}
}

// actionRequest routes a POST to an action of a resource.
func (s *Server) actionRequest(path, name string, rec *Request) response {
	rid, err := parseID(path)
	if err != nil {
		return errorResponse(badRequest(CodeInvalidResourceID, err.Error()))
	}
	rec.ResourceID = rid.raw
	if rec.APIVersion == "" {
		return errorResponse(missingAPIVersion())
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.injectedFault(http.MethodPost, rid, rec); e != nil {
		return errorResponse(e)
	}
	return s.action(rid, name)
}
