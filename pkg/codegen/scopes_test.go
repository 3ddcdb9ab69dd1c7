package codegen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
)

// Each scope of the scopes fixture generates what builds its ARM ID: an extension takes any
// resource as owner (group, kind, name or armId) and its ID is built under the owner's; a
// tenant-scoped resource's ID starts at /providers; the registry and the sample say so.
func TestScopesGenerate(t *testing.T) {
	cfg, err := config.Load(filepath.Join(moduleRoot(t), "testdata", "specs", "scopes", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Module = "example.com/names"
	files := generateInMemory(t, cfg)
	typeCheck(t, files)
	api := "v2/api/scope/v1api20240101/"
	want := map[string][]string{
		api + "note_types_gen.go":                       {"*genruntime.ArbitraryOwnerReference `json:\"owner,omitempty\"`", "return r.Spec.Owner.AsResourceReference()"},
		api + "note_arm_gen.go":                         {`return ownerID + "/providers/Microsoft.Scope/notes/" + r.AzureName()`},
		api + "reply_types_gen.go":                      {"*genruntime.KnownResourceReference `json:\"owner,omitempty\"`", `AsResourceReference("scope.azure.com", "Note")`},
		api + "reply_arm_gen.go":                        {`return ownerID + "/replies/" + r.AzureName()`},
		api + "tenant_policy_types_gen.go":              {"Owner returns nil: the resource is owned by the tenant."},
		api + "tenant_policy_arm_gen.go":                {`return "/providers/Microsoft.Scope/tenantPolicies/" + r.AzureName()`},
		api + "budget_arm_gen.go":                       {`return ownerID + "/providers/Microsoft.Scope/budgets/" + r.AzureName()`},
		"v2/internal/controllers/registry_scope_gen.go": {"ArbitraryOwner: true"},
		"v2/samples/scope/v1api20240101/note.yaml":      {"group: resources.azure.com", "kind: ResourceGroup"},
	}
	assertFilesContain(t, files, want)
	if n := strings.Count(string(files["v2/internal/controllers/registry_scope_gen.go"]), "ArbitraryOwner: true"); n != 3 {
		t.Errorf("%d kinds with an arbitrary owner in the registry, want 3 (Note, Label, Mark)", n)
	}
}
