package localrun_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/asogen/asogen/v2/internal/localrun"
)

// make run-local as a person uses it: Ctrl-C (SIGINT to the terminal's whole process group)
// stops everything, exits 0, and leaves nothing in the temporary folder.
func TestOperatorRunLocalCtrlCExitsCleanly(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "runlocal")
	build := exec.Command("go", "build", "-o", bin, "./v2/internal/cmd/runlocal")
	build.Dir = localrun.RepoDir()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building runlocal: %v\n%s", err, out)
	}
	tmp := t.TempDir()
	out := &lockedBuffer{}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its own group, as in a terminal
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	waitOutput(t, done, out, "the operator is running")
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run-local after Ctrl-C: %v\n%s", err, lastLines(out.String(), 20))
		}
	case <-time.After(time.Minute):
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		t.Fatalf("run-local did not stop within a minute of Ctrl-C\n%s", lastLines(out.String(), 20))
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("run-local left %d entries in its temporary folder, the first %s", len(left), left[0].Name())
	}
}

// waitOutput waits until out contains want; it fails when the process ends first or after 3 minutes.
func waitOutput(t *testing.T, done chan error, out *lockedBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for !strings.Contains(out.String(), want) {
		select {
		case err := <-done:
			t.Fatalf("run-local ended (%v) before %q:\n%s", err, want, lastLines(out.String(), 20))
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %q within 3 minutes:\n%s", want, lastLines(out.String(), 20))
		}
	}
}

// lockedBuffer is a buffer the process's output goroutine writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
