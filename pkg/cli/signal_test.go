//go:build unix

package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/asogen/asogen/internal/benchcorpus"
	"github.com/asogen/asogen/pkg/fileset"
)

// TestBatterySignalStopsGenerateCleanly runs the asogen binary on a synthetic corpus large
// enough that it is still writing when the signal comes: SIGINT exits 130 and SIGTERM 143,
// each with one line on stderr, no lock file and no temporary file left, and the tree exactly
// as it was before the run.
func TestBatterySignalStopsGenerateCleanly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds asogen and generates a large corpus")
	}
	bin := buildAsogen(t)
	dir := t.TempDir()
	root, _ := filepath.Abs(repoRoot)
	if err := benchcorpus.Write(dir, benchcorpus.Options{Kinds: 200, Versions: 3, Seed: 1, AsogenDir: root}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sig  syscall.Signal
		code int
		name string
	}{{syscall.SIGINT, 130, "SIGINT"}, {syscall.SIGTERM, 143, "SIGTERM"}} {
		t.Run(c.name, func(t *testing.T) {
			before := snapshot(t, dir)
			code, stderr := interruptGenerate(t, bin, dir, c.sig)
			want := "asogen: interrupted by " + c.name + ": stopped, the generated files are as they were\n"
			if code != c.code || stderr != want {
				t.Fatalf("exit %d, want %d; stderr:\n%s\nwant %q", code, c.code, stderr, want)
			}
			if !equalTrees(before, snapshot(t, dir)) {
				t.Error("the interrupted run changed the tree (a lock or temporary file left, or a file written)")
			}
		})
	}
}

// buildAsogen builds ./cmd/asogen into a temporary folder.
func buildAsogen(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "asogen")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/asogen")
	cmd.Dir = repoRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// interruptGenerate starts generate on the corpus in dir, sends sig once it writes temporary
// files, and returns its exit code and stderr.
func interruptGenerate(t *testing.T, bin, dir string, sig syscall.Signal) (int, string) {
	t.Helper()
	cmd := exec.Command(bin, "generate", "--config", filepath.Join(dir, "config.yaml"))
	cmd.Env = append(os.Environ(), "ASOGEN_CACHE=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForTemp(t, filepath.Join(dir, "v2", "api"))
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}

// waitForTemp waits until a temporary file of the Writer exists below dir.
func waitForTemp(t *testing.T, dir string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		found := false
		_ = filepath.WalkDir(dir, func(name string, e os.DirEntry, err error) error {
			if err == nil && strings.HasPrefix(e.Name(), ".asogen-tmp.") {
				found = true
				return filepath.SkipAll
			}
			return nil
		})
		if found {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no temporary file appeared below %s (is %s held?)", dir, fileset.LockName)
}
