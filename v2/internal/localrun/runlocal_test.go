package localrun_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/asogen/asogen/v2/internal/localrun"
)

// make run-local as a person uses it: Ctrl-C (SIGINT to the terminal's whole process group:
// make, the shell, runlocal and its processes) stops everything, the recipe exits 0 (make prints
// no "make: ***" error; GNU make itself always ends by re-raising the SIGINT it received, which a
// shell shows as 130), and nothing is left in the temporary folder.
func TestOperatorRunLocalCtrlCExitsCleanly(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make on PATH")
	}
	tmp := t.TempDir()
	out := &lockedBuffer{}
	cmd := exec.Command("make", "--no-print-directory", "run-local")
	cmd.Dir = localrun.RepoDir()
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
		if !endedByCtrlC(err) || strings.Contains(out.String(), "make: ***") {
			t.Errorf("make run-local after Ctrl-C: %v\n%s", err, lastLines(out.String(), 20))
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

// endedByCtrlC is a clean exit, or make's own re-raised SIGINT.
func endedByCtrlC(err error) bool {
	var exit *exec.ExitError
	if err == nil {
		return true
	}
	if !errors.As(err, &exit) {
		return false
	}
	status, ok := exit.Sys().(syscall.WaitStatus)
	return ok && status.Signaled() && status.Signal() == syscall.SIGINT
}
