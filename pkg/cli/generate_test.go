package cli

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/asogen/asogen/pkg/header"
)

var summaryLine = regexp.MustCompile(`^asogen: \d+ written, \d+ unchanged, \d+ removed in [0-9.]+(ms|s|µs)\n$`)

func TestGenerateThenVerifyIsUpToDate(t *testing.T) {
	t.Parallel()
	cfg := readyProject(t)
	stdout, _ := mustRun(t, ExitOK, "generate", "--config", cfg)
	if !summaryLine.MatchString(stdout) {
		t.Errorf("generate printed %q, want one summary line", stdout)
	}
	stdout, _ = mustRun(t, ExitOK, "verify", "--config", cfg)
	if !strings.Contains(stdout, "up to date") {
		t.Errorf("verify printed %q", stdout)
	}
}

func TestSecondGenerateWritesNothingAndKeepsMtimes(t *testing.T) {
	t.Parallel()
	cfg := readyProject(t)
	mustRun(t, ExitOK, "generate", "--config", cfg)
	api := filepath.Join(filepath.Dir(cfg), "v2", "api")
	past := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	generated := generatedFiles(t, api)
	for _, name := range generated {
		if err := os.Chtimes(name, past, past); err != nil {
			t.Fatal(err)
		}
	}
	stdout, _ := mustRun(t, ExitOK, "generate", "--config", cfg, "-v")
	if strings.Contains(stdout, "\nwritten ") || strings.HasPrefix(stdout, "written ") || !strings.Contains(stdout, "asogen: 0 written,") {
		t.Errorf("no-op generate wrote files:\n%s", stdout)
	}
	for _, name := range generated {
		if info, err := os.Stat(name); err != nil || !info.ModTime().Equal(past) {
			t.Errorf("%s: mtime changed by a no-op generate (%v)", name, err)
		}
	}
}

func TestVerboseListsEveryFileAndStage(t *testing.T) {
	t.Parallel()
	cfg := readyProject(t)
	stdout, stderr := mustRun(t, ExitOK, "generate", "--config", cfg, "-v")
	for _, stage := range []string{"loadModel", "storageVariants", "checkWiring", "planFiles", "emitFiles"} {
		if !regexp.MustCompile(`(?m)^asogen: stage ` + stage + ` +[0-9.]+ ms wall +[0-9.]+ ms cpu$`).MatchString(stderr) {
			t.Errorf("generate -v does not time stage %s:\n%s", stage, stderr)
		}
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) < 3 || !summaryLine.MatchString(lines[len(lines)-1]+"\n") {
		t.Fatalf("generate -v printed:\n%s", stdout)
	}
	for _, line := range lines[:len(lines)-1] {
		if !regexp.MustCompile(`^(written|unchanged|removed) +\S+\.(go|yaml)$`).MatchString(line) {
			t.Errorf("unexpected line %q", line)
		}
	}
}

func TestVerifyReportsDriftWithExit1(t *testing.T) {
	t.Parallel()
	cfg := readyProject(t)
	mustRun(t, ExitOK, "generate", "--config", cfg)
	dir := filepath.Dir(cfg)
	generated := generatedFiles(t, filepath.Join(dir, "v2", "api"))
	changed, removed := generated[0], generated[1]
	appendLine(t, changed, "// edited by hand\n")
	if err := os.Remove(removed); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(dir, "v2", "api", "network", "v1api20000101", "old_gen.go")
	writeFile(t, stale, header.Go+"\n\npackage v1api20000101\n")
	before := snapshot(t, dir)

	stdout, stderr := mustRun(t, ExitDrift, "verify", "--config", cfg)
	rel := func(name string) string { r, _ := filepath.Rel(dir, name); return filepath.ToSlash(r) }
	for _, want := range []string{
		"--- a/" + rel(changed) + "\n+++ b/" + rel(changed) + "\n",
		"-// edited by hand\n",
		"missing: " + rel(removed),
		"stale: " + rel(stale),
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("verify output lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "1 changed, 1 missing, 1 stale") {
		t.Errorf("stderr = %q", stderr)
	}
	if after := snapshot(t, dir); !maps.Equal(before, after) {
		t.Error("verify modified the tree")
	}
}

func TestGenerateFixesDriftAndRemovesStale(t *testing.T) {
	t.Parallel()
	cfg := readyProject(t)
	mustRun(t, ExitOK, "generate", "--config", cfg)
	dir := filepath.Dir(cfg)
	stale := filepath.Join(dir, "v2", "api", "network", "v1api20000101", "old_gen.go")
	writeFile(t, stale, header.Go+"\n\npackage v1api20000101\n")
	hand := filepath.Join(dir, "v2", "api", "network", "v1api20000101", "notes_gen.go")
	writeFile(t, hand, "package v1api20000101 // hand-written despite the name\n")
	stdout, _ := mustRun(t, ExitOK, "generate", "--config", cfg, "-v")
	if !strings.Contains(stdout, "removed   "+filepath.Join(filepath.Dir(cfg), "v2/api/network/v1api20000101/old_gen.go")) {
		t.Errorf("stale file not reported removed:\n%s", stdout)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale generated file still there: %v", err)
	}
	if _, err := os.Stat(hand); err != nil {
		t.Errorf("hand-written file removed: %v", err)
	}
	mustRun(t, ExitOK, "verify", "--config", cfg)
}

// TestHandWrittenFileInTheWayWritesNothing: the registry is the last file generation produces;
// a hand-written file at its path refuses the whole run before any file is written, although
// an edited API file would otherwise be rewritten first.
func TestHandWrittenFileInTheWayWritesNothing(t *testing.T) {
	t.Parallel()
	cfg := readyProject(t)
	mustRun(t, ExitOK, "generate", "--config", cfg)
	dir := filepath.Dir(cfg)
	appendLine(t, generatedFiles(t, filepath.Join(dir, "v2", "api"))[0], "// edited by hand\n")
	registry := filepath.Join(dir, "v2", "internal", "controllers", "registry_gen.go")
	writeFile(t, registry, "package controllers // hand-written\n")
	before := snapshot(t, dir)
	_, stderr := mustRun(t, ExitInput, "generate", "--config", cfg)
	if !strings.Contains(stderr, registry+": file exists without the line") {
		t.Errorf("stderr = %q", stderr)
	}
	if after := snapshot(t, dir); !maps.Equal(before, after) {
		t.Error("generate wrote files although it refused the run")
	}
}

func TestIOErrorIsExit3(t *testing.T) {
	t.Parallel()
	cfg := readyProject(t)
	dir := filepath.Dir(cfg)
	// A file where generate needs a folder.
	pkg := filepath.Join(dir, "v2", "api", "network", "v1api20240301")
	if err := os.RemoveAll(pkg); err != nil {
		t.Fatal(err)
	}
	writeFile(t, pkg, "not a folder\n")
	_, stderr := mustRun(t, ExitInternal, "generate", "--config", cfg)
	if !strings.HasPrefix(stderr, "asogen: ") || !strings.Contains(stderr, "not a directory") {
		t.Errorf("stderr = %q", stderr)
	}
}

// generatedFiles lists the files under dir that carry asogen's header, sorted.
func generatedFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for rel, content := range snapshot(t, dir) {
		if header.IsGenerated([]byte(content)) {
			out = append(out, filepath.Join(dir, filepath.FromSlash(rel)))
		}
	}
	if len(out) < 2 {
		t.Fatalf("only %d generated files under %s", len(out), dir)
	}
	slices.Sort(out)
	return out
}

func appendLine(t *testing.T, name, line string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, name, string(data)+line)
}
