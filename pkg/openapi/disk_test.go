package openapi

import (
	"context"
	"os"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

// diskSpecs serves cfg's spec root from disk, messages relative to the test's folder (the CLI
// uses inputs.SpecFS, which also refuses symbolic links leading out: see confine_disk_test.go).
func diskSpecs(cfg *config.Config) Specs {
	wd, _ := os.Getwd()
	return Specs{FS: os.DirFS(cfg.SpecRoot), WorkDir: wd}
}

// buildDisk is Build reading cfg's specs from disk.
func buildDisk(cfg *config.Config) (*astmodel.Model, error) {
	return Build(context.Background(), cfg, diskSpecs(cfg))
}
