package manifests

import (
	"regexp"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
)

// TestFitStringBuildsFromThePattern: a pattern none of the usual candidates meet (NotificationHubs'
// private endpoint connection name, name.guid) gets a value built from the pattern itself.
func TestFitStringBuildsFromThePattern(t *testing.T) {
	t.Parallel()
	for _, pattern := range []string{
		`^[a-zA-Z][a-zA-Z0-9-]*\.[a-fA-F0-9\-]+$`,
		`^(foo|bar)-[0-9]{3}$`,
		`^[A-Z]{2,4}_x+$`,
	} {
		got := fitString(&astmodel.Validation{Pattern: pattern}, "privateendpointconnection20230901")
		if !regexp.MustCompile(pattern).MatchString(got) {
			t.Errorf("%s: %q does not match", pattern, got)
		}
	}
	if _, ok := patternExample(`^[^a-z]$`); !ok {
		t.Error("a negated class gave nothing")
	}
}
