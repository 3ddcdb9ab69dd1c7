package hygiene

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The binaries make build writes report the version of the VERSION file and the commit of the
// checkout: the test builds both with the Makefile's -ldflags (make ldflags) and runs them.
func TestHygieneBinariesPrintStampedVersion(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	release, err := os.ReadFile(filepath.Join(root, "VERSION"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^\d+\.\d+\.\d+\n$`).Match(release) {
		t.Fatalf("VERSION = %q, want one semantic version MAJOR.MINOR.PATCH and a newline", release)
	}
	ldflags := output(t, root, "make", "-s", "--no-print-directory", "ldflags")
	head := output(t, root, "git", "rev-parse", "HEAD")
	want := regexp.MustCompile(`^v` + regexp.QuoteMeta(strings.TrimSpace(string(release))) + `(-dev)? \(commit ` + head + `(-dirty)?, go\S+\)\n$`)
	bin := t.TempDir()
	for _, b := range []struct{ name, pkg, flag string }{
		{"asogen", "./cmd/asogen", "version"},
		{"controller", "./v2/cmd/controller", "--version"},
	} {
		exe := filepath.Join(bin, b.name)
		output(t, root, "go", "build", "-ldflags", ldflags, "-o", exe, b.pkg)
		got := output(t, root, exe, b.flag) + "\n"
		if line, ok := strings.CutPrefix(got, b.name+" "); !ok || !want.MatchString(line) {
			t.Errorf("%s %s printed %q, want %s %s", b.name, b.flag, got, b.name, want)
		}
	}
}

// output runs a command in dir and returns its stdout without the final newline.
func output(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "AZURE_SUBSCRIPTION_ID=") // --version must not need it
	out, err := cmd.Output()
	if err != nil {
		stderr := ""
		if exit, ok := err.(*exec.ExitError); ok {
			stderr = string(exit.Stderr)
		}
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr)
	}
	return strings.TrimSuffix(string(out), "\n")
}
