//go:build !unix

// Package cputime reads the CPU time the process has used, for -v's stage times and the
// benchmarks' CPU metric: on a busy machine it moves much less than the wall time.
package cputime

import "time"

// Used is 0: CPU time is not measured on this system.
func Used() time.Duration { return 0 }
