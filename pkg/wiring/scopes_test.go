package wiring

import (
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
)

// An owner-typed point on an extension kind (owned by any resource, so no hub to type the owner
// with) is an error saying why.
func TestValidateOwnerPointOnExtension(t *testing.T) {
	dir := copyProject(t, "project")
	replaceIn(t, dir, "config.yaml", "extensions: [PreReconciliationChecker]\n", "extensions: [PreReconciliationOwnerChecker]\n")
	m := fixtureModel()
	m.Kinds[0].Owner, m.Kinds[0].Scope = nil, astmodel.ScopeExtension
	err := Validate(loadConfig(t, dir), m)
	want := "PreReconciliationOwnerChecker needs an owner, but containerservice ManagedCluster has no owner kind " +
		"(its owner is any resource: an extension resource)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
}
