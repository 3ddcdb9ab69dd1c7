package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/asogen/asogen/internal/version"
)

func (a *app) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print asogen's version and commit",
		Long: `version prints asogen's semantic version, the commit it was built from and the Go version,
as in "asogen v0.1.0 (commit 0123abc..., go1.26.8)". 'make build' stamps the version from the
VERSION file (v<VERSION> on the release tag, v<VERSION>-dev otherwise) and the commit from git;
a binary built otherwise reports its build information: v0.1.0 after
'go install github.com/asogen/asogen/cmd/asogen@v0.1.0', the version and vcs.revision go build
records for a checkout, or (devel) and "unknown". Generated files never contain it, so
upgrading asogen does not by itself change generated code.`,
		Example: "  asogen version\n  go run ./cmd/asogen version",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			fmt.Fprintln(a.stdout, version.Line("asogen"))
			return nil
		},
	}
}
