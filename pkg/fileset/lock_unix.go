//go:build unix

package fileset

import (
	"errors"
	"os"
	"syscall"
)

// errLocked says another run holds the lock.
var errLocked = errors.New("locked by another run")

// lockFile takes an exclusive lock on f without waiting (released when f is closed or the
// process dies).
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLocked
	}
	return err
}
