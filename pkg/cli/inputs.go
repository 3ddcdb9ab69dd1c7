package cli

import (
	"os"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/openapi"
)

// specsOf serves cfg's spec files from disk, messages showing paths relative to the working folder.
func specsOf(cfg *config.Config) openapi.Specs {
	wd, _ := os.Getwd()
	return inputs.Specs(cfg.SpecRoot, wd)
}
