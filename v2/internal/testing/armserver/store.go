package armserver

import (
	"encoding/json"
	"strconv"

	"github.com/pkg/errors"
)

// Provisioning states the server sets.
const (
	StateCreating  = "Creating"
	StateUpdating  = "Updating"
	StateDeleting  = "Deleting"
	StateSucceeded = "Succeeded"
)

// resource is one stored resource.
type resource struct {
	id        resourceID
	body      map[string]any
	overrides []override // service-owned values set through SetProperty; they survive PUTs
	operation string     // the operation currently driving the resource, "" when idle
}

type override struct {
	path  []string
	value any
}

// Seed stores body under id as if it existed in Azure, with no parent checks. The server sets
// id, name and type; properties.provisioningState defaults to Succeeded.
func (s *Server) Seed(id string, body map[string]any) error {
	rid, err := parseID(id)
	if err != nil {
		return err
	}
	doc, err := cloneObject(body)
	if err != nil {
		return err
	}
	state, _ := provisioningState(doc)
	if state == "" {
		state = StateSucceeded
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resources[rid.key] = &resource{id: rid, body: withServerFields(doc, rid, state)}
	return nil
}

// Get returns a copy of the stored body of id (case-insensitive) and whether it exists.
func (s *Server) Get(id string) (map[string]any, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.lookup(id)
	if r == nil {
		return nil, false
	}
	doc, err := cloneObject(r.body)
	return doc, err == nil
}

// SetProvisioningState sets properties.provisioningState of a stored resource. The next PUT or
// completed operation replaces it, as Azure would.
func (s *Server) SetProvisioningState(id, state string) error {
	return s.SetProperty(id, []string{"properties", "provisioningState"}, state)
}

// SetProperty sets the value at jsonPath (object keys, or decimal indexes into arrays) of a
// stored resource, creating missing objects on the way; a nil value removes the key. Values
// set this way model service-owned state (an approved connection, a stopped cluster): they are
// re-applied after every later PUT of the resource, except properties.provisioningState.
func (s *Server) SetProperty(id string, jsonPath []string, value any) error {
	return s.setStored(id, jsonPath, value, !isProvisioningStatePath(jsonPath))
}

// setStored sets the value at jsonPath of a stored resource; keep makes it survive later PUTs.
func (s *Server) setStored(id string, jsonPath []string, value any, keep bool) error {
	v, err := cloneJSON(value)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.lookup(id)
	if r == nil {
		return errors.Errorf("armserver: no resource %q", id)
	}
	if err := setPath(r.body, jsonPath, v); err != nil {
		return errors.Wrapf(err, "armserver: set %v on %q", jsonPath, id)
	}
	if keep {
		r.overrides = append(r.overrides, override{path: append([]string(nil), jsonPath...), value: v})
	}
	return nil
}

// lookup finds a resource by ID, case-insensitively. Callers hold s.mu.
func (s *Server) lookup(id string) *resource {
	rid, err := parseID(id)
	if err != nil {
		return nil
	}
	return s.resources[rid.key]
}

// removeTree deletes the resource and everything below it. Callers hold s.mu.
func (s *Server) removeTree(rid resourceID) {
	for key := range s.resources {
		if within(key, rid.key) {
			delete(s.resources, key)
		}
	}
}

// withServerFields sets id, name, type and properties.provisioningState on doc (and the IDs of
// a user-assigned identity).
func withServerFields(doc map[string]any, rid resourceID, state string) map[string]any {
	doc["id"] = rid.raw
	doc["name"] = rid.name()
	doc["type"] = rid.resourceType()
	props, ok := doc["properties"].(map[string]any)
	if !ok {
		props = map[string]any{}
		doc["properties"] = props
	}
	props["provisioningState"] = state
	withIdentityIDs(props, rid)
	return doc
}

// applyOverrides re-applies service-owned values; paths that no longer fit the body are skipped.
func applyOverrides(doc map[string]any, overrides []override) {
	for _, o := range overrides {
		v, err := cloneJSON(o.value)
		if err == nil {
			_ = setPath(doc, o.path, v)
		}
	}
}

func provisioningState(doc map[string]any) (string, bool) {
	return stringAt(doc, "properties", "provisioningState")
}

// stringAt reads a string at an object-key path.
func stringAt(doc map[string]any, path ...string) (string, bool) {
	var cur any = doc
	for _, p := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return "", false
		}
		cur = m[p]
	}
	s, ok := cur.(string)
	return s, ok
}

func isProvisioningStatePath(path []string) bool {
	return len(path) == 2 && path[0] == "properties" && path[1] == "provisioningState"
}

// setPath assigns value at path inside doc.
func setPath(doc map[string]any, path []string, value any) error {
	if len(path) == 0 {
		return errors.New("empty JSON path")
	}
	var cur any = doc
	for _, seg := range path[:len(path)-1] {
		next, err := step(cur, seg)
		if err != nil {
			return err
		}
		cur = next
	}
	return assign(cur, path[len(path)-1], value)
}

// step descends one segment, creating a missing object member.
func step(cur any, seg string) (any, error) {
	switch c := cur.(type) {
	case map[string]any:
		if _, ok := c[seg]; !ok || c[seg] == nil {
			c[seg] = map[string]any{}
		}
		return c[seg], nil
	case []any:
		i, err := index(c, seg)
		if err != nil {
			return nil, err
		}
		return c[i], nil
	}
	return nil, errors.Errorf("cannot descend into %T at %q", cur, seg)
}

// assign sets (or, for a nil value in an object, removes) the last segment.
func assign(cur any, seg string, value any) error {
	switch c := cur.(type) {
	case map[string]any:
		if value == nil {
			delete(c, seg)
		} else {
			c[seg] = value
		}
		return nil
	case []any:
		i, err := index(c, seg)
		if err == nil {
			c[i] = value
		}
		return err
	}
	return errors.Errorf("cannot set %q on %T", seg, cur)
}

func index(a []any, seg string) (int, error) {
	i, err := strconv.Atoi(seg)
	if err != nil || i < 0 || i >= len(a) {
		return 0, errors.Errorf("index %q out of range for array of %d", seg, len(a))
	}
	return i, nil
}

// cloneJSON deep-copies v through JSON, normalising Go values to JSON ones.
func cloneJSON(v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, errors.Wrap(err, "armserver: value is not JSON")
	}
	var out any
	return out, json.Unmarshal(b, &out)
}

func cloneObject(m map[string]any) (map[string]any, error) {
	if m == nil {
		return map[string]any{}, nil
	}
	v, err := cloneJSON(m)
	if err != nil {
		return nil, err
	}
	return v.(map[string]any), nil
}
