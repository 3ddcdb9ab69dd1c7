// Command chartsync copies the generated manifests into the Helm chart's files/generated
// (v2/internal/chart.Sync); make generate runs it from the repository root after controller-gen.
package main

import (
	"fmt"
	"os"

	"github.com/asogen/asogen/v2/internal/chart"
)

func main() {
	if err := chart.Sync("."); err != nil {
		fmt.Fprintln(os.Stderr, "chartsync:", err)
		os.Exit(1)
	}
}
