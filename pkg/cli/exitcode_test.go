package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/fileset"
)

// TestExitCodesThroughRun: the user's input exits 2 with a positioned message, anything else
// (go list failing, an internal problem merged among input problems) exits 3; the tree is byte
// for byte what it was after every refused run.
func TestExitCodesThroughRun(t *testing.T) {
	const spec = "specs/specification/network/resource-manager/Microsoft.Network/stable/2024-03-01/privateEndpoint.json"
	const checker = "v2/api/containerservice/customizations/managed_cluster_pre_reconciliation_checker.go"
	cases := []struct {
		name   string
		edit   func(t *testing.T, dir string)
		env    string // GOFLAGS
		code   int
		stderr string
	}{
		{"reserved group", func(t *testing.T, dir string) {
			replaceIn(t, filepath.Join(dir, "config.yaml"), "- name: network", "- name: internal")
		}, "", ExitInput, `config.yaml:10:11: group name "internal" is reserved`},
		{"$ref out of specRoot", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "outside.json"), `{"definitions":{"ExtendedLocation":{"type":"object"}}}`)
			replaceIn(t, filepath.Join(dir, spec), `"./network.json#/definitions/ExtendedLocation"`,
				`"../../../../../../../outside.json#/definitions/ExtendedLocation"`)
		}, "", ExitInput, "privateEndpoint.json:76:19: $ref \"../../../../../../../outside.json#/definitions/ExtendedLocation\""},
		{"https $ref", func(t *testing.T, dir string) {
			replaceIn(t, filepath.Join(dir, spec), `"./network.json#/definitions/ExtendedLocation"`,
				`"https://example.com/network.json#/definitions/ExtendedLocation"`)
		}, "", ExitInput, "privateEndpoint.json:76:19: $ref \"https://example.com/network.json#/definitions/ExtendedLocation\" needed by network/2024-03-01 PrivateEndpoint.extendedLocation is not followed: remote $ref (https:) is never fetched"},
		{"$ref to /dev/zero", func(t *testing.T, dir string) {
			replaceIn(t, filepath.Join(dir, spec), `"./network.json#/definitions/ExtendedLocation"`, `"/dev/zero#/definitions/ExtendedLocation"`)
		}, "", ExitInput, "privateEndpoint.json:76:19: $ref \"/dev/zero#/definitions/ExtendedLocation\" needed by network/2024-03-01 PrivateEndpoint.extendedLocation is not followed: absolute $ref path"},
		{"vendor group", func(t *testing.T, dir string) {
			replaceIn(t, filepath.Join(dir, "config.yaml"), "- name: network", "- name: vendor")
		}, "", ExitInput, `config.yaml:10:11: group name "vendor" is reserved`},
		{"alias bomb", func(t *testing.T, dir string) {
			bomb := "x0: &a0 [1,1,1,1,1,1,1,1,1,1]\n"
			for i := 1; i < 6; i++ {
				bomb += fmt.Sprintf("x%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d,", i-1), 10), ","))
			}
			replaceIn(t, filepath.Join(dir, "config.yaml"), "specRoot: specs\n", "specRoot: specs\n"+bomb)
		}, "", ExitInput, "expands the config past 10000 nodes"},
		{"property name with a backtick", func(t *testing.T, dir string) {
			replaceIn(t, filepath.Join(dir, spec), `"PrivateEndpoint": {
      "description": "Private endpoint resource.",
      "properties": {`, `"PrivateEndpoint": {
      "description": "Private endpoint resource.",
      "properties": {
        "tick`+"`"+`": {"type": "string"},`)
		}, "", ExitInput, "privateEndpoint.json:75:18: property name \"tick`\" of network/2024-03-01 PrivateEndpoint cannot be a Go struct tag's JSON name"},
		{"property named azureName", func(t *testing.T, dir string) {
			replaceIn(t, filepath.Join(dir, spec), `"PrivateEndpoint": {
      "description": "Private endpoint resource.",
      "properties": {`, `"PrivateEndpoint": {
      "description": "Private endpoint resource.",
      "properties": {
        "azureName": {"type": "string"},`)
		}, "", ExitInput, `privateEndpoint.json:75:22: property "azureName" of network/2024-03-01 PrivateEndpoint has the JSON name of the field AzureName`},
		{"method on the wrong receiver", func(t *testing.T, dir string) {
			replaceIn(t, filepath.Join(dir, checker), "func (ext *ManagedClusterExtension) CheckBeforeReconcile",
				"func (ext *ManagedClusterExt) CheckBeforeReconcile")
		}, "", ExitInput, checker + ":24:31: CheckBeforeReconcile is declared on *ManagedClusterExt, but asogen calls it on *ManagedClusterExtension"},
		{"bad rbac marker", func(t *testing.T, dir string) {
			replaceIn(t, filepath.Join(dir, "v2/internal/operator/rbac.go"), "resources=tokenreviews,", "resource=tokenreviews,")
		}, "", ExitInput, "v2/internal/operator/rbac.go:24:51: unknown argument \"resource\""},
		{"go list fails", func(*testing.T, string) {}, "-mod=bogus", ExitInternal, "with go list"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := readyProject(t)
			dir := filepath.Dir(cfg)
			c.edit(t, dir)
			t.Setenv("GOFLAGS", c.env)
			before := snapshot(t, dir)
			code, _, stderr := run(t, "generate", "--config", cfg)
			if code != c.code || !strings.Contains(stderr, c.stderr) {
				t.Fatalf("exit %d, want %d; stderr:\n%s\nwant %q", code, c.code, stderr, c.stderr)
			}
			if after := snapshot(t, dir); !equalTrees(before, after) {
				t.Errorf("the refused run changed the tree")
			}
		})
	}
}

// TestInternalAmongInputProblemsExits3: a list that holds one problem that is not the user's
// input is not "bad input".
func TestInternalAmongInputProblemsExits3(t *testing.T) {
	var l diag.List
	l.Add(diag.Pos{File: "config.yaml", Line: 1, Col: 1}, "bad")
	if got := fail(l.Err()).(*exitError).code; got != ExitInput {
		t.Errorf("input problems: exit %d", got)
	}
	l.Merge(os.ErrPermission)
	if got := fail(l.Err()).(*exitError).code; got != ExitInternal {
		t.Errorf("with an I/O error merged: exit %d", got)
	}
}

// TestPanicIsShortBugReport: a panic in a command exits 3 with a short message naming the bug
// and where it happened, not a goroutine dump; the stack goes to a file.
func TestPanicIsShortBugReport(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	panicking := func(a *app) *cobra.Command {
		root := a.rootCommand()
		root.AddCommand(&cobra.Command{Use: "boom", RunE: func(*cobra.Command, []string) error { explode(); return nil }})
		return root
	}
	var stdout, stderr bytes.Buffer
	code := runCommands([]string{"boom"}, strings.NewReader(""), &stdout, &stderr, panicking)
	msg := stderr.String()
	if code != ExitInternal || !strings.Contains(msg, "internal error (a bug in asogen, not in your input): kaboom") ||
		!strings.Contains(msg, "at github.com/asogen/asogen/pkg/cli.explode") || strings.Contains(msg, "goroutine ") {
		t.Fatalf("exit %d, stderr:\n%s", code, msg)
	}
	if n := strings.Count(msg, "\n"); n > 5 {
		t.Errorf("bug report is %d lines long", n)
	}
	stacks, _ := filepath.Glob(filepath.Join(os.Getenv("TMPDIR"), "asogen-panic-*.txt"))
	if len(stacks) != 1 || !strings.Contains(msg, stacks[0]) {
		t.Errorf("stack files %v not named in the report", stacks)
	}
}

func explode() { panic("kaboom") }

func replaceIn(t *testing.T, name, old, new string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil || !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s lacks %q (%v)", name, old, err)
	}
	writeFile(t, name, strings.Replace(string(data), old, new, 1))
}

func equalTrees(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestUnusedWarningForRemovedGroup: removing the last kind of a group generates (exit 0), removes
// the group's generated files and warns that its hand-written method is unused, leaving the file.
func TestUnusedWarningForRemovedGroup(t *testing.T) {
	cfg := readyProject(t)
	dir := filepath.Dir(cfg)
	const checker = "v2/api/containerservice/customizations/managed_cluster_pre_reconciliation_checker.go"
	handWritten := snapshot(t, dir)[checker]
	replaceIn(t, cfg, `  - group: containerservice
    kind: ManagedCluster
    versions: ["2023-10-01"]
    extensions: [PreReconciliationChecker, ARMResourceModifier]
`, "")
	_, stderr := mustRun(t, ExitOK, "generate", "--config", cfg)
	want := checker + ":24:37: warning: CheckBeforeReconcile on *ManagedClusterExtension is unused"
	if !strings.Contains(filepath.ToSlash(stderr), want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	if snapshot(t, dir)[checker] != handWritten {
		t.Error("the hand-written file changed")
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader on two goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestGenerateWaitsForAnotherRun: while another run holds the tree's lock, generate says it
// waits, and finishes (exit 0) once the lock is released.
func TestGenerateWaitsForAnotherRun(t *testing.T) {
	cfg := readyProject(t)
	held, err := fileset.AcquireLock(filepath.Dir(cfg), fileset.LockOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	var stderr syncBuffer
	done := make(chan int)
	go func() { done <- Run([]string{"generate", "--config", cfg}, strings.NewReader(""), &stdout, &stderr) }()
	for !strings.Contains(stderr.String(), "waiting for another asogen run on this tree") {
		select {
		case code := <-done:
			t.Fatalf("generate did not wait: exit %d\n%s", code, stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	held.Release()
	if code := <-done; code != ExitOK {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
}
