package main

import (
	"strings"
	"testing"
)

const handWrittenPE = "v2/api/network/customizations/private_endpoint_post_reconciliation_checker.go"

// TestHubMoveWithMigrate moves PrivateEndpoint's hub (config `hub:` pins the older version) with
// real processes in a copy of the project: generate stops and names the command to run,
// `generate --migrate-hub` rewrites the hand-written extension keeping its comments, then the
// whole tree regenerates, builds, passes its tests and verifies.
func TestHubMoveWithMigrate(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the project in a copy")
	}
	p := newProject(t)
	before := p.read(handWrittenPE)
	pinned := strings.Replace(p.read("config.yaml"),
		`versions: ["2022-07-01", "2024-03-01"]`, `versions: ["2022-07-01", "2024-03-01"]`+"\n    hub: \"2022-07-01\"", 1)
	p.write("config.yaml", pinned)

	tree := p.tree()
	_, stderr := p.asogen(2, "generate")
	for _, want := range []string{handWrittenPE, "v1api20240301/storage", "v1api20220701/storage", "asogen generate --migrate-hub"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("generate's error lacks %q:\n%s", want, stderr)
		}
	}
	if p.tree() != tree {
		t.Fatal("generate wrote files although the hub moved")
	}

	stdout, _ := p.asogen(0, "generate", "--migrate-hub")
	if !strings.Contains(stdout, "migrated "+handWrittenPE) {
		t.Errorf("--migrate-hub does not report the migrated file:\n%s", stdout)
	}
	after := p.read(handWrittenPE)
	if !strings.Contains(after, "v1api20220701/storage") || strings.Contains(after, "v1api20240301/storage") {
		t.Errorf("the hand-written file still refers to the old hub:\n%s", after)
	}
	if commentLines(before) != commentLines(after) {
		t.Errorf("comments changed by the migration:\nbefore:\n%s\nafter:\n%s", commentLines(before), commentLines(after))
	}
	p.run("go", "generate", ".")
	p.run("go", "build", "./...")
	p.run("go", "test", "./v2/api/network/...")
	p.asogen(0, "verify")
}

// commentLines keeps every comment line, in order, to compare a file before and after a rewrite.
func commentLines(src string) string {
	var out []string
	for _, l := range strings.Split(src, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "//") {
			out = append(out, t)
		}
	}
	return strings.Join(out, "\n")
}
