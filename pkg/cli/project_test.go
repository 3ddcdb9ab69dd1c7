package cli

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
)

// repoRoot is the root of this repository, seen from the package folder.
const repoRoot = "../.."

// projectParts are what generation reads: the default config, its specs, the module files and
// the v2 tree (hand-written customizations and runtime).
var projectParts = []string{"config.yaml", "go.mod", "go.sum", "specs", "v2"}

// copyProject copies the project's generation inputs to a temporary folder and returns the
// path of its config.yaml.
func copyProject(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	for _, part := range projectParts {
		if err := copyTree(filepath.Join(repoRoot, part), filepath.Join(dst, part)); err != nil {
			t.Fatalf("copying %s: %v", part, err)
		}
	}
	return filepath.Join(dst, "config.yaml")
}

// readyProject copies the project and scaffolds the hand-written method of every configured
// extension that the copy does not implement yet, so that generate succeeds.
func readyProject(t *testing.T) string {
	t.Helper()
	cfgPath := copyProject(t)
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range cfg.Resources {
		if len(r.Extensions) > 0 {
			mustRun(t, ExitOK, "scaffold", r.Group+"/"+r.Kind, "--config", cfgPath)
		}
	}
	return cfgPath
}

// copyTree copies regular files and folders from src to dst, leaving out testdata folders:
// they are no generation input, and tests of other packages write temporary trees there.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(name string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && e.Name() == "testdata" {
			return filepath.SkipDir
		}
		rel, err := filepath.Rel(src, name)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !e.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// run executes the CLI in process and returns exit code, stdout and stderr.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// mustRun runs the CLI and fails the test unless it exits with want.
func mustRun(t *testing.T, want int, args ...string) (string, string) {
	t.Helper()
	code, stdout, stderr := run(t, args...)
	if code != want {
		t.Fatalf("asogen %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, want, stdout, stderr)
	}
	return stdout, stderr
}

// snapshot reads every file under dir (slash paths relative to dir → content; a symlink → "-> "
// and its target, not followed).
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(name string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, name)
		if e.Type()&fs.ModeSymlink != 0 {
			to, err := os.Readlink(name)
			files[filepath.ToSlash(rel)] = "-> " + to
			return err
		}
		data, err := os.ReadFile(name)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
