package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/openapi"
	"github.com/asogen/asogen/pkg/scaffold"
)

const scaffoldExamples = `  # write the hand-written file of each extension configured for network PrivateEndpoint
  asogen scaffold network/PrivateEndpoint

  # with a config elsewhere
  asogen scaffold kusto/Database --config path/to/config.yaml`

func (a *app) scaffoldCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "scaffold GROUP/KIND",
		Short: "Create the hand-written extension files a resource's config entry asks for",
		Long: `scaffold creates, for each extension configured on the resource GROUP/KIND whose hand-written
method does not exist yet, the file generate asked for, holding the method with its exact typed
signature and a body that calls next. It never overwrites a file. The files have no generated
header: they are yours, and asogen never modifies or removes them. Run generate afterwards.`,
		Example: scaffoldExamples,
		Args:    cobra.ExactArgs(1),
		RunE:    func(_ *cobra.Command, args []string) error { return a.scaffold(args[0]) },
	}
}

func (a *app) scaffold(target string) error {
	cfg, err := a.load(nil) // the output roots checked: scaffold writes below the API root
	if err != nil {
		return fail(err)
	}
	m, err := openapi.Build(context.Background(), cfg, specsOf(cfg))
	if err != nil {
		return fail(err)
	}
	group, _, _ := strings.Cut(target, "/")
	methods, err := inputs.Methods(cfg, group, os.Environ())
	if err != nil {
		return failScaffold(err)
	}
	written, err := scaffold.Write(cfg, m, target, methods)
	for _, p := range written {
		fmt.Fprintf(a.stdout, "created %s\n", a.shown(p))
	}
	if err != nil {
		return failScaffold(err)
	}
	if len(written) == 0 {
		fmt.Fprintf(a.stdout, "asogen: every extension configured for %s already has its method; nothing to create\n", target)
		return nil
	}
	fmt.Fprintln(a.stdout, "asogen: fill in the method(s), then run 'asogen generate' (or 'make generate')")
	return nil
}

// failScaffold classifies scaffold's errors: file-system failures are internal, the rest (an
// unknown resource, no extensions configured, a file in the way) are bad input.
func failScaffold(err error) error {
	var pathErr *fs.PathError
	var linkErr *os.LinkError
	if errors.As(err, &pathErr) || errors.As(err, &linkErr) {
		return &exitError{code: ExitInternal, err: err}
	}
	return &exitError{code: ExitInput, err: err}
}
