package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

const kustoSpec = "specs/specification/azure-kusto/resource-manager/Microsoft.Kusto/stable/2022-12-29/kusto.json"

// TestBatteryDiscriminatorCollisionIsInputError: two subtypes of one union whose discriminator
// values name the same option (the same value, or values differing only in case) are a
// positioned error of the input (exit 2), and the tree is byte for byte what it was.
func TestBatteryDiscriminatorCollisionIsInputError(t *testing.T) {
	for _, value := range []string{"ReadWrite", "readWrite"} {
		t.Run(value, func(t *testing.T) {
			cfg := readyProject(t)
			dir := filepath.Dir(cfg)
			replaceIn(t, filepath.Join(dir, kustoSpec), `"x-ms-discriminator-value": "ReadOnlyFollowing"`,
				`"x-ms-discriminator-value": "`+value+`"`)
			before := snapshot(t, dir)
			code, _, stderr := run(t, "generate", "--config", cfg)
			want := kustoSpec + ":298:35: discriminator value \"ReadWrite\" of ReadWriteDatabase collides with \"" + value + "\""
			if code != ExitInput || !strings.Contains(filepath.ToSlash(stderr), want) {
				t.Fatalf("exit %d, stderr:\n%s\nwant %q", code, stderr, want)
			}
			if !equalTrees(before, snapshot(t, dir)) {
				t.Error("the refused run changed the tree")
			}
		})
	}
}
