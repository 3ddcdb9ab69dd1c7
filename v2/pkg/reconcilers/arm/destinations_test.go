package arm

import (
	"strings"
	"testing"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// TestSecretsDestinations groups destinations by Secret and refuses two exports into one key or
// a destination without a name or key, as Errors the user must fix.
func TestSecretsDestinations(t *testing.T) {
	got, err := bySecret(map[string]destination{
		"primaryKey": {Name: "keys", Key: "a"}, "secondaryKey": {Name: "keys", Key: "b"}, "hostName": {Name: "conn", Key: "host"},
	})
	if err != nil || len(got) != 2 || got["keys"]["a"] != "primaryKey" || got["keys"]["b"] != "secondaryKey" || got["conn"]["host"] != "hostName" {
		t.Fatalf("bySecret = %v, %v", got, err)
	}
	cases := map[string]map[string]destination{
		`primaryKey and secondaryKey both name secret "keys" key "a"`:      {"primaryKey": {Name: "keys", Key: "a"}, "secondaryKey": {Name: "keys", Key: "a"}},
		"spec.operatorSpec.secrets.primaryKey needs both a name and a key": {"primaryKey": {Name: "keys"}},
	}
	for want, dests := range cases {
		_, err := bySecret(dests)
		impacting, ok := conditions.AsReadyConditionImpactingError(err)
		if !ok || impacting.Severity != conditions.SeverityError || !strings.Contains(err.Error(), want) {
			t.Errorf("bySecret(%v) = %v; want an Error containing %q", dests, err, want)
		}
	}
}
