package cli

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

func (a *app) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print asogen's module version (from the build information)",
		Long: `version prints the module version recorded in the binary's build information, such as
v0.3.1 for a binary installed with 'go install github.com/asogen/asogen/cmd/asogen@v0.3.1',
or (devel) for a binary built from a checkout. Generated files never contain it, so upgrading
asogen does not by itself change generated code.`,
		Example: "  asogen version\n  go run ./cmd/asogen version",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			info, ok := debug.ReadBuildInfo()
			fmt.Fprintf(a.stdout, "asogen %s\n", moduleVersion(info, ok))
			return nil
		},
	}
}

// moduleVersion returns the main module's version and the Go version that built it.
func moduleVersion(info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		return "unknown (no build information)"
	}
	version := info.Main.Version
	if version == "" {
		version = "(devel)"
	}
	return version + " " + info.GoVersion
}
