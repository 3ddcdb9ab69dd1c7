// Package cli is the asogen command line: generate, verify, scaffold and version. Run executes
// it in process with explicit streams, so tests drive the whole CLI without a subprocess.
package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/asogen/asogen/pkg/diag"
)

// Exit codes, documented in `asogen --help` and the README.
const (
	ExitOK       = 0 // success; for verify: everything is up to date
	ExitDrift    = 1 // verify found generated files that differ, are missing or are stale
	ExitInput    = 2 // bad input: command line, config, specs, hand-written code, output paths
	ExitInternal = 3 // internal or I/O error
)

const rootLong = `asogen generates Go API types and typed extension wiring for Kubernetes operators that
manage Azure resources (in the style of Azure Service Operator v2) from Azure Resource Manager
OpenAPI specs and a config.yaml.

Every path in the config file is relative to the folder that holds it.

Exit codes:
  0  success (verify: everything is up to date)
  1  verify found drift: changed, missing or stale generated files
  2  bad input: command line, config, specs, hand-written code or output paths
     (every problem is printed to stderr as file:line:col: message)
  3  internal or I/O error
  130, 143  interrupted by SIGINT or SIGTERM (the generated files are left as they were)`

// app holds the flags shared by every command and the output streams.
type app struct {
	config  string
	verbose bool
	stdout  io.Writer
	stderr  io.Writer
	signals *interruption // generate and verify: SIGINT and SIGTERM stop the run cleanly
}

// Run executes the asogen command line with args (without the program name) and returns the
// process exit code.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runCommands(args, stdin, stdout, stderr, (*app).rootCommand)
}

// runCommands is Run with the command tree given, so a test can make a command panic.
func runCommands(args []string, stdin io.Reader, stdout, stderr io.Writer, commands func(*app) *cobra.Command) (code int) {
	defer func() {
		if r := recover(); r != nil {
			code = reportBug(stderr, r, stackOf(r))
		}
	}()
	a := &app{stdout: stdout, stderr: stderr}
	root := commands(a)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	return a.report(root.Execute())
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:           "asogen",
		Short:         "Generate Kubernetes API types and extension wiring from Azure ARM specs",
		Long:          rootLong,
		Example:       "  asogen generate\n  asogen verify --config path/to/config.yaml\n  asogen scaffold network/PrivateEndpoint",
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.PersistentFlags().StringVar(&a.config, "config", "config.yaml", "config file; every path in it is relative to its folder")
	root.PersistentFlags().BoolVarP(&a.verbose, "verbose", "v", false, "list every file and print each generation stage's time")
	root.AddCommand(a.generateCommand(), a.verifyCommand(), a.scaffoldCommand(), a.versionCommand())
	return root
}

// exitError carries the exit code chosen by a command.
type exitError struct {
	code int
	err  error // nil when the command already printed everything
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

// fail classifies err: problems of the user's input (diag errors not marked Internal) exit 2;
// anything else, including a list holding one internal problem among input problems, exits 3.
func fail(err error) error {
	if err == nil {
		return nil
	}
	var exit *exitError
	if errors.As(err, &exit) {
		return err
	}
	if isInput(err) {
		return &exitError{code: ExitInput, err: err}
	}
	return &exitError{code: ExitInternal, err: err}
}

// isInput reports whether err is only about the user's input.
func isInput(err error) bool {
	var list diag.List
	var one diag.Error
	switch {
	case errors.As(err, &list):
		return !list.Internal()
	case errors.As(err, &one):
		return !one.Internal
	}
	return false
}

// report prints err to stderr and returns the exit code. Errors that do not come from a
// command come from cobra's parsing of the command line: bad input.
func (a *app) report(err error) int {
	if err == nil {
		return ExitOK
	}
	var exit *exitError
	if !errors.As(err, &exit) {
		fmt.Fprintf(a.stderr, "asogen: %v\nRun 'asogen --help' for usage.\n", err)
		return ExitInput
	}
	a.printError(exit)
	return exit.code
}

func (a *app) printError(exit *exitError) {
	var list diag.List
	var one diag.Error
	switch {
	case exit.err == nil:
	case errors.As(exit.err, &list):
		for _, e := range list {
			fmt.Fprintln(a.stderr, e.Error())
		}
	case errors.As(exit.err, &one):
		fmt.Fprintln(a.stderr, one.Error())
	default:
		fmt.Fprintf(a.stderr, "asogen: %v\n", exit.err)
	}
}
