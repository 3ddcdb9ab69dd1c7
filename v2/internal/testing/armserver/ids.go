package armserver

import (
	"strings"

	"github.com/pkg/errors"
)

// resourceGroupType is the ARM type of a resource group.
const resourceGroupType = "Microsoft.Resources/resourceGroups"

// resourceID is a parsed ARM resource ID. ARM compares IDs case-insensitively, so key is
// the lower-cased form used for lookups while raw keeps the caller's spelling.
type resourceID struct {
	raw      string
	key      string
	segments []string
}

// parseID parses an ARM ID of a subscription, a resource group or a provider resource.
func parseID(path string) (resourceID, error) {
	raw := "/" + strings.Trim(path, "/")
	segments := strings.Split(strings.TrimPrefix(raw, "/"), "/")
	id := resourceID{raw: raw, key: strings.ToLower(raw), segments: segments}
	if !id.valid() {
		return resourceID{}, errors.Errorf("%q is not a valid ARM resource ID", path)
	}
	return id, nil
}

// valid reports whether the segments form /subscriptions/{s}[/resourceGroups/{rg}][/providers/{ns}/{type}/{name}...].
func (id resourceID) valid() bool {
	s := id.segments
	if len(s) < 2 || !strings.EqualFold(s[0], "subscriptions") || hasEmpty(s) {
		return false
	}
	rest := s[2:]
	if len(rest) >= 2 && strings.EqualFold(rest[0], "resourceGroups") {
		rest = rest[2:]
	}
	return validProviderPart(rest)
}

// validProviderPart checks one or more "providers/{ns}/{type}/{name}[/{type}/{name}...]" groups.
func validProviderPart(rest []string) bool {
	for len(rest) > 0 {
		if len(rest) < 4 || !strings.EqualFold(rest[0], "providers") {
			return false
		}
		n := 4
		for n+2 <= len(rest) && !strings.EqualFold(rest[n], "providers") {
			n += 2
		}
		if n != len(rest) && !strings.EqualFold(rest[n], "providers") {
			return false
		}
		rest = rest[n:]
	}
	return true
}

func hasEmpty(segments []string) bool {
	for _, s := range segments {
		if s == "" {
			return true
		}
	}
	return false
}

// isSubscription reports whether the ID names a subscription.
func (id resourceID) isSubscription() bool {
	return len(id.segments) == 2
}

// isResourceGroup reports whether the ID names a resource group.
func (id resourceID) isResourceGroup() bool {
	return len(id.segments) == 4 && strings.EqualFold(id.segments[2], "resourceGroups")
}

// isProviderResource reports whether the ID names a resource below a provider namespace.
func (id resourceID) isProviderResource() bool {
	return !id.isSubscription() && !id.isResourceGroup()
}

// name is the last segment of the ID.
func (id resourceID) name() string {
	return id.segments[len(id.segments)-1]
}

// resourceType is the ARM type, e.g. Microsoft.Kusto/clusters/databases.
func (id resourceID) resourceType() string {
	switch {
	case id.isSubscription():
		return "Microsoft.Resources/subscriptions"
	case id.isResourceGroup():
		return resourceGroupType
	}
	p := id.lastProviders()
	parts := []string{id.segments[p+1]}
	for i := p + 2; i < len(id.segments); i += 2 {
		parts = append(parts, id.segments[i])
	}
	return strings.Join(parts, "/")
}

// lastProviders is the index of the last "providers" segment.
func (id resourceID) lastProviders() int {
	for i := len(id.segments) - 4; i >= 2; i-- {
		if strings.EqualFold(id.segments[i], "providers") {
			return i
		}
	}
	return -1
}

// parent removes the last type/name pair, and the "providers/{ns}" pair left behind when the
// resource is a top-level one. A subscription has no parent.
func (id resourceID) parent() (resourceID, bool) {
	if id.isSubscription() {
		return resourceID{}, false
	}
	s := id.segments[:len(id.segments)-2]
	if len(s) >= 2 && strings.EqualFold(s[len(s)-2], "providers") {
		s = s[:len(s)-2]
	}
	raw := "/" + strings.Join(s, "/")
	return resourceID{raw: raw, key: strings.ToLower(raw), segments: s}, true
}

// resourceGroup returns the resource group holding the ID, if any.
func (id resourceID) resourceGroup() (resourceID, bool) {
	if len(id.segments) < 4 || !strings.EqualFold(id.segments[2], "resourceGroups") {
		return resourceID{}, false
	}
	s := id.segments[:4]
	raw := "/" + strings.Join(s, "/")
	return resourceID{raw: raw, key: strings.ToLower(raw), segments: s}, true
}

// subscription is the subscription segment.
func (id resourceID) subscription() string {
	return id.segments[1]
}

// namespace is the provider namespace of the resource (Microsoft.Resources for groups).
func (id resourceID) namespace() string {
	return strings.SplitN(id.resourceType(), "/", 2)[0]
}

// within reports whether key equals prefix or lies below it (segment-wise, case-insensitive).
func within(key, prefix string) bool {
	key, prefix = strings.ToLower(key), strings.ToLower(strings.TrimSuffix(prefix, "/"))
	return key == prefix || strings.HasPrefix(key, prefix+"/")
}
