package cli

import (
	"os"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/emitcache"
	"github.com/asogen/asogen/pkg/handwritten"
	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/openapi"
)

// specsOf serves cfg's spec files from disk, messages showing paths relative to the working folder.
func specsOf(cfg *config.Config) openapi.Specs {
	wd, _ := os.Getwd()
	return inputs.Specs(cfg.SpecRoot, wd)
}

// handWrittenOf finds the hand-written methods of cfg's project with go list run in the
// process's environment; records (nil: none) remembers them between runs.
func handWrittenOf(cfg *config.Config, records *emitcache.Dir) handwritten.Found {
	if records == nil { // a nil *Dir in the interface would not be nil
		return inputs.HandWritten(cfg, os.Environ(), nil)
	}
	return inputs.HandWritten(cfg, os.Environ(), records)
}
