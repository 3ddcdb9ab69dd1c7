package cli

import (
	"os"
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

// TestBatterySymlinkedOutputRootRefusedFirst: an output root that is a symlink leading outside
// the project is refused (exit 2, one clear line naming it) before anything is read or written
// through it: the target holds a Go file that any read (the wiring check loads customizations)
// would report, and the target stays exactly as it was.
func TestBatterySymlinkedOutputRootRefusedFirst(t *testing.T) {
	cfg := readyProject(t)
	dir := filepath.Dir(cfg)
	outside := t.TempDir()
	if err := os.Rename(filepath.Join(dir, "v2", "api"), filepath.Join(outside, "api")); err != nil {
		t.Fatal(err)
	}
	loud := filepath.Join(outside, "api", "network", "customizations", "loud.go")
	writeFile(t, loud, "package customizations\n\nfunc {{{ // read through the symlink\n")
	if err := os.Symlink(filepath.Join(outside, "api"), filepath.Join(dir, "v2", "api")); err != nil {
		t.Fatal(err)
	}
	before, target := snapshot(t, dir), snapshot(t, outside)
	for _, cmd := range []string{"generate", "verify"} {
		code, _, stderr := run(t, cmd, "--config", cfg)
		want := filepath.Join(dir, "v2", "api") + ": output root: output path escapes the project root through symlink v2/api -> "
		if code != ExitInput || !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Fatalf("%s: exit %d, stderr:\n%s\nwant one line starting %q", cmd, code, stderr, want)
		}
	}
	if !equalTrees(before, snapshot(t, dir)) || !equalTrees(target, snapshot(t, outside)) {
		t.Error("the refused run changed the project or the symlink's target")
	}
}
