package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/asogen/asogen/internal/version"
)

func TestHelpDocumentsExitCodes(t *testing.T) {
	t.Parallel()
	stdout, _ := mustRun(t, ExitOK, "--help")
	for _, want := range []string{"Exit codes:", "0  success", "1  verify found drift", "2  bad input", "3  internal or I/O error", "--config"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("asogen --help lacks %q:\n%s", want, stdout)
		}
	}
}

func TestEverySubcommandHelpHasExamples(t *testing.T) {
	t.Parallel()
	for _, sub := range []string{"generate", "verify", "scaffold", "version"} {
		t.Run(sub, func(t *testing.T) {
			stdout, _ := mustRun(t, ExitOK, sub, "--help")
			_, examples, _ := strings.Cut(stdout, "\nExamples:\n")
			examples, _, _ = strings.Cut(examples, "\n\n"+"Flags:")
			if !regexp.MustCompile(`(?m)^\s+asogen ` + sub + `\b`).MatchString(examples) {
				t.Errorf("asogen %s --help has no example running it:\n%s", sub, stdout)
			}
		})
	}
}

func TestHygieneVersionCommand(t *testing.T) {
	t.Parallel()
	stdout, _ := mustRun(t, ExitOK, "version")
	info := version.Get()
	if want := "asogen " + info.Version + " (commit " + info.Commit + ", " + info.Go + ")\n"; stdout != want {
		t.Errorf("version printed %q, want %q", stdout, want)
	}
}

func TestBadCommandLineIsExit2(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"generate", "--no-such-flag"}, {"no-such-command"}, {"scaffold"}, {"generate", "extra"}} {
		code, _, stderr := run(t, args...)
		if code != ExitInput || !strings.Contains(stderr, "asogen --help") {
			t.Errorf("asogen %v: exit %d, stderr %q; want exit 2 pointing at --help", args, code, stderr)
		}
	}
}

func TestMissingConfigIsExit2(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "config.yaml")
	_, stderr := mustRun(t, ExitInput, "generate", "--config", missing)
	if !strings.HasPrefix(stderr, missing+": ") {
		t.Errorf("stderr = %q, want it to name %s", stderr, missing)
	}
}

func TestBadConfigReportsEveryErrorAndWritesNothing(t *testing.T) {
	t.Parallel()
	cfg := copyProject(t)
	writeFile(t, cfg, `specRoot: specs
output:
  api: v2/api
  colour: red
groups:
  - name: network
    path: specification/network/resource-manager/Microsoft.Network
    colour: blue
resources:
  - group: network
    kind: PrivateEndpoint
    versions: ["2024-03-01"]
`)
	dir := filepath.Dir(cfg)
	before := snapshot(t, dir)
	for _, cmd := range []string{"generate", "verify"} {
		_, stderr := mustRun(t, ExitInput, cmd, "--config", cfg)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if len(lines) < 2 {
			t.Fatalf("%s printed %d error lines, want every error:\n%s", cmd, len(lines), stderr)
		}
		for _, line := range lines {
			if !regexp.MustCompile(`^` + regexp.QuoteMeta(cfg) + `:\d+:\d+: `).MatchString(line) {
				t.Errorf("%s: error line %q is not file:line:col: message", cmd, line)
			}
		}
	}
	if after := snapshot(t, dir); len(after) != len(before) {
		t.Errorf("files changed despite bad config: %d -> %d", len(before), len(after))
	}
	if _, err := os.Stat(filepath.Join(dir, "..", "..", "outside")); !os.IsNotExist(err) {
		t.Errorf("something was written outside the project: %v", err)
	}
}
