package localrun

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/pkg/errors"
)

// Process is a child process whose output is kept (and optionally copied to a writer).
type Process struct {
	Name string
	cmd  *exec.Cmd
	out  *syncBuffer
	done chan struct{}
	err  error
}

// Start starts bin with args; its stdout and stderr are kept and copied to tee when not nil.
func Start(name, bin string, args []string, tee io.Writer) (*Process, error) {
	return StartWithEnv(name, bin, args, nil, tee)
}

// StartWithEnv is Start with env (NAME=value) added to this process's environment.
func StartWithEnv(name, bin string, args, env []string, tee io.Writer) (*Process, error) {
	p := &Process{Name: name, out: &syncBuffer{}, done: make(chan struct{})}
	var w io.Writer = p.out
	if tee != nil {
		w = io.MultiWriter(p.out, tee)
	}
	p.cmd = exec.Command(bin, args...)
	p.cmd.Stdout, p.cmd.Stderr = w, w
	p.cmd.Env = append(os.Environ(), env...)
	if err := p.cmd.Start(); err != nil {
		return nil, errors.Wrapf(err, "starting %s", name)
	}
	go func() { p.err = p.cmd.Wait(); close(p.done) }()
	return p, nil
}

// PID is the process's ID.
func (p *Process) PID() int { return p.cmd.Process.Pid }

// Output returns everything the process printed so far.
func (p *Process) Output() string { return p.out.String() }

// Exited reports whether the process has ended.
func (p *Process) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// Stop sends SIGTERM and waits up to timeout; it kills the process after that. It returns the
// exit code and whether the process stopped within the timeout.
func (p *Process) Stop(timeout time.Duration) (int, bool) {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	return p.Wait(timeout)
}

// Wait waits up to timeout for the process to end, then kills it.
func (p *Process) Wait(timeout time.Duration) (int, bool) {
	select {
	case <-p.done:
		return p.cmd.ProcessState.ExitCode(), true
	case <-time.After(timeout):
		_ = p.cmd.Process.Kill()
		<-p.done
		return p.cmd.ProcessState.ExitCode(), false
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// LinePrefixer writes to w with prefix at the start of every line.
type LinePrefixer struct {
	w      io.Writer
	prefix []byte
	mu     sync.Mutex
	start  bool
}

// NewLinePrefixer returns a writer prefixing every line written to w.
func NewLinePrefixer(w io.Writer, prefix string) *LinePrefixer {
	return &LinePrefixer{w: w, prefix: []byte(prefix), start: true}
}

func (l *LinePrefixer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out bytes.Buffer
	for _, c := range p {
		if l.start {
			out.Write(l.prefix)
		}
		out.WriteByte(c)
		l.start = c == '\n'
	}
	if _, err := l.w.Write(out.Bytes()); err != nil {
		return 0, err
	}
	return len(p), nil
}
