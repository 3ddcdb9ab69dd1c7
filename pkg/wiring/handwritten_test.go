package wiring

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/handwritten"
)

// loaded finds the hand-written methods of cfg's project as the CLI does (inputs.HandWritten,
// which imports this package): the configured groups' customizations and every other group
// folder holding one.
func loaded(cfg *config.Config, m *astmodel.Model) handwritten.Found {
	l := LayoutOf(cfg)
	gs := groups(m)
	api := filepath.Join(cfg.Dir, filepath.FromSlash(l.APIRoot))
	entries, _ := os.ReadDir(api)
	for _, e := range entries {
		if info, err := os.Stat(filepath.Join(api, e.Name(), "customizations")); err == nil && info.IsDir() && !slices.Contains(gs, e.Name()) {
			gs = append(gs, e.Name())
		}
	}
	slices.Sort(gs)
	methods, err := handwritten.Load(cfg.Dir, Packages(l, gs), HandWrittenNames(), os.Environ())
	return handwritten.Found{Methods: methods, Err: err}
}

func checkLoaded(t *testing.T, cfg *config.Config, m *astmodel.Model) (*Report, error) {
	t.Helper()
	return Check(cfg, m, loaded(cfg, m))
}
