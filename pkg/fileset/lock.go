package fileset

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// LockName is the lock file a Writer or Verifier holds in the project root (the root of every
// output path) from Plan to Finish (or its caller, from AcquireLock to Release), so that two
// runs on one tree take turns instead of writing and removing each other's files. It is removed
// when released.
const LockName = ".asogen.lock"

// LockOptions say how long a run waits for another run's lock, and whom to tell that it waits.
type LockOptions struct {
	Timeout time.Duration         // default DefaultLockTimeout
	OnWait  func(lockPath string) // called once, when the lock is held by another run
	Held    *Lock                 // the caller holds the lock already (AcquireLock): not taken, not released
	Stop    <-chan struct{}       // closed: stop waiting (the run was interrupted); AcquireLock returns ErrStopped
}

// ErrStopped is what AcquireLock returns when LockOptions.Stop closes while it waits.
var ErrStopped = errors.New("stopped while waiting for the lock")

// DefaultLockTimeout is how long a run waits for another run on the same tree.
const DefaultLockTimeout = 5 * time.Minute

// errNoLockFile: the lock file cannot be created or opened (a read-only tree, say).
var errNoLockFile = errors.New("cannot create the lock file")

// lockPoll is how often a waiting run tries the lock again.
const lockPoll = 50 * time.Millisecond

// Lock is a held lock of a project, from AcquireLock until Release.
type Lock struct {
	path string
	f    *os.File
}

// acquireLock takes the lock of the project at root, waiting for another run to release it.
// A lock file whose holder died is no obstacle: the lock is the operating system's, released
// with the process; the file only names it.
func AcquireLock(root string, opts LockOptions) (*Lock, error) {
	path := filepath.Join(root, LockName)
	deadline := time.Now().Add(cmpOr(opts.Timeout, DefaultLockTimeout))
	told := false
	for {
		l, err := tryLock(path)
		if l != nil || !errors.Is(err, errLocked) {
			return l, err
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("another asogen run has held %s for %s; if no asogen process is running, delete the file", path, cmpOr(opts.Timeout, DefaultLockTimeout))
		}
		if !told && opts.OnWait != nil {
			opts.OnWait(path)
			told = true
		}
		select {
		case <-opts.Stop:
			return nil, ErrStopped
		case <-time.After(lockPoll):
		}
	}
}

// tryLock opens the lock file and takes the lock without waiting. A holder that released the
// lock removes the file first: a lock taken on a file that is no longer at path is dropped and
// tried again, so two runs never hold locks on two different files.
func tryLock(path string) (*Lock, error) {
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("%w %s: %w", errNoLockFile, path, err)
		}
		if err := lockFile(f); err != nil {
			f.Close()
			return nil, err
		}
		if samePlace(f, path) {
			return &Lock{path: path, f: f}, nil
		}
		f.Close() // removed by the run that held it: take the new one
	}
}

// samePlace reports whether the open file is still the one at path.
func samePlace(f *os.File, path string) bool {
	a, err1 := f.Stat()
	b, err2 := os.Stat(path)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// Release removes the lock file, then lets the lock go (in that order, see tryLock). Releasing
// nil does nothing.
func (l *Lock) Release() {
	if l == nil {
		return
	}
	_ = os.Remove(l.path)
	_ = l.f.Close()
}

func cmpOr(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
