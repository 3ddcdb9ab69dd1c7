package armserver

import "strings"

// Hold keeps every operation on idPrefix and below in progress until Release: its polls answer
// InProgress (or 202) however often they come, so a test can act while an operation is in flight.
func (s *Server) Hold(idPrefix string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.holds == nil {
		s.holds = map[string]bool{}
	}
	s.holds[strings.ToLower(idPrefix)] = true
}

// Release lets the operations Hold kept in progress complete at their next poll.
func (s *Server) Release(idPrefix string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.holds, strings.ToLower(idPrefix))
}

// held reports whether an operation on rid is held. Callers hold s.mu.
func (s *Server) held(rid resourceID) bool {
	for prefix := range s.holds {
		if within(rid.key, prefix) {
			return true
		}
	}
	return false
}

// Remove deletes id and everything below it at once, as someone deleting the resource in Azure
// outside the operator would; it reports whether id existed.
func (s *Server) Remove(id string) bool {
	rid, err := parseID(id)
	if err != nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.resources[rid.key] == nil {
		return false
	}
	s.removeTree(rid)
	return true
}

// Edit changes the value at jsonPath of a stored resource as someone editing it in Azure outside
// the operator would: unlike SetProperty, the next PUT of the resource replaces it.
func (s *Server) Edit(id string, jsonPath []string, value any) error {
	return s.setStored(id, jsonPath, value, false)
}
