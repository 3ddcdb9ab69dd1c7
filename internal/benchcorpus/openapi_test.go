package benchcorpus

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/openapi"
)

// TestReaderAcceptsCorpus reads a small corpus through the real config loader and OpenAPI
// reader: every configured kind must come back with every version.
func TestReaderAcceptsCorpus(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, opts(25, 2, 1)); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Module != DefaultModule {
		t.Errorf("module from go.mod = %q, want %q", cfg.Module, DefaultModule)
	}
	m, err := openapi.Build(context.Background(), cfg, inputs.Specs(cfg.SpecRoot, ""))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(m.Kinds); n != 25 {
		t.Fatalf("model has %d kinds, want 25", n)
	}
	for _, k := range Plan(opts(25, 2, 1)).Kinds() {
		got, ok := m.Kind(k.Group.Name, k.Name)
		if !ok {
			t.Errorf("%s/%s missing from the model", k.Group.Name, k.Name)
			continue
		}
		if len(got.Versions) != 2 {
			t.Errorf("%s: versions %v", k.Name, got.Versions)
		}
		if k.Owner != nil && (got.Owner == nil || got.Owner.Kind != k.Owner.Name) {
			t.Errorf("%s: owner %+v, want %s", k.Name, got.Owner, k.Owner.Name)
		}
	}
}
