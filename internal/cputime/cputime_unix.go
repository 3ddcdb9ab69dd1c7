//go:build unix

// Package cputime reads the CPU time the process has used, for -v's stage times and the
// benchmarks' CPU metric: on a busy machine it moves much less than the wall time.
package cputime

import (
	"syscall"
	"time"
)

// Used is the CPU time (user and system) the process has used so far.
func Used() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
