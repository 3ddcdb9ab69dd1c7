package cli

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// profileFlags are the hidden --cpuprofile and --memprofile flags of generate and verify, used to
// find what dominates a run (see BENCHMARKS.md).
type profileFlags struct {
	cpu string
	mem string
}

func (p *profileFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&p.cpu, "cpuprofile", "", "write a CPU profile (pprof) of the run to this file")
	cmd.Flags().StringVar(&p.mem, "memprofile", "", "write an allocation profile (pprof) at the end of the run to this file")
	_ = cmd.Flags().MarkHidden("cpuprofile")
	_ = cmd.Flags().MarkHidden("memprofile")
}

// around runs f with the requested profiles; a profile that cannot be written is an error.
func (p *profileFlags) around(f func() error) error {
	if p.cpu != "" {
		out, err := os.Create(p.cpu)
		if err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		defer out.Close()
		if err := pprof.StartCPUProfile(out); err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	err := f()
	if p.mem != "" {
		if merr := writeMemProfile(p.mem); err == nil {
			err = merr
		}
	}
	return err
}

func writeMemProfile(name string) error {
	out, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("memory profile: %w", err)
	}
	defer out.Close()
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(out, 0); err != nil {
		return fmt.Errorf("memory profile: %w", err)
	}
	return nil
}
