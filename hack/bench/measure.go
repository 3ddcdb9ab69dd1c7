package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Sample is one measured child process: wall time, CPU (user + system, including the children it
// waited for, e.g. `go list`) and peak resident set size.
type Sample struct {
	Wall time.Duration
	CPU  time.Duration
	RSS  int64 // bytes
}

// command is one child process to measure.
type command struct {
	dir     string
	name    string
	args    []string
	env     []string     // added to the environment
	prepare func() error // run before the clock starts
}

// measure runs c once; a non-zero exit is an error carrying the child's output.
func measure(c command) (Sample, error) {
	if c.prepare != nil {
		if err := c.prepare(); err != nil {
			return Sample{}, err
		}
	}
	cmd := exec.Command(c.name, c.args...)
	cmd.Dir = c.dir
	cmd.Env = append(os.Environ(), c.env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return Sample{}, fmt.Errorf("%s %s (in %s): %v\n%s", c.name, strings.Join(c.args, " "), c.dir, err, tail(out.String()))
	}
	ps := cmd.ProcessState
	s := Sample{Wall: wall, CPU: ps.UserTime() + ps.SystemTime()}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		s.RSS = ru.Maxrss * 1024 // Linux reports KiB
	}
	return s, nil
}

// median takes the median of each metric on its own.
func median(samples []Sample) Sample {
	pick := func(get func(Sample) int64) int64 {
		vals := make([]int64, len(samples))
		for i, s := range samples {
			vals[i] = get(s)
		}
		slices.Sort(vals)
		n := len(vals)
		if n%2 == 1 {
			return vals[n/2]
		}
		return (vals[n/2-1] + vals[n/2]) / 2
	}
	return Sample{
		Wall: time.Duration(pick(func(s Sample) int64 { return int64(s.Wall) })),
		CPU:  time.Duration(pick(func(s Sample) int64 { return int64(s.CPU) })),
		RSS:  pick(func(s Sample) int64 { return s.RSS }),
	}
}

// tail keeps the last 40 lines of a child's output for error messages.
func tail(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 40 {
		lines = lines[len(lines)-40:]
	}
	return strings.Join(lines, "\n")
}
