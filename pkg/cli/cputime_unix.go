//go:build unix

package cli

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) the process has used so far; -v prints each stage's
// share beside its wall time, which on a busy machine moves much more.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
