// Command asogen generates Kubernetes API types and typed extension wiring for Azure resources
// from ARM OpenAPI specs. See `asogen --help` and the README.
package main

import (
	"os"

	"github.com/asogen/asogen/pkg/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
