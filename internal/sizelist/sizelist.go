// Package sizelist parses the comma-separated sizes the benchmark harnesses take as a flag
// (hack/bench -kinds, v2/internal/cmd/benchoperator -n).
package sizelist

import (
	"fmt"
	"strconv"
	"strings"
)

// Parse reads a comma-separated list of positive numbers, e.g. "100, 300,1000"; flag names
// the flag in the error.
func Parse(flag, list string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-%s: %q is not a positive number", flag, f)
		}
		out = append(out, n)
	}
	return out, nil
}
