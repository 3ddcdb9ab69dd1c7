//go:build !unix

package openapi

import "time"

// cpuTime is not measured on this system; benchmarks leave out their CPU metric.
func cpuTime() time.Duration { return 0 }
