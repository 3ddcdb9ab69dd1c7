//go:build !unix

package cli

import "time"

// cpuTime is not measured on this system: -v prints 0 for each stage's CPU time.
func cpuTime() time.Duration { return 0 }
