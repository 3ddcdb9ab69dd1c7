package codegen

import (
	"bytes"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/config"
)

// TestDirectPrinterMatchesRestorerOnCorpora prints whole corpora with gofile's direct printer
// and with dst's restorer + go/printer and requires the same bytes for every file, and that
// the direct printer printed all but the registry's files itself.
func TestDirectPrinterMatchesRestorerOnCorpora(t *testing.T) {
	t.Parallel()
	forEachCorpus(t, 30, comparePrinters)
}

func comparePrinters(t *testing.T, cfg *config.Config) {
	t.Helper()
	var fallbacks atomic.Int64
	direct := generateWith(t, cfg, Options{Printer: gofile.Printer{Fallbacks: &fallbacks}})
	fellBack := fallbacks.Load()
	restored := generateWith(t, cfg, Options{Printer: gofile.Printer{Restorer: true}})
	if len(direct) != len(restored) {
		t.Fatalf("direct printing produced %d files, the restorer %d", len(direct), len(restored))
	}
	for p, want := range restored {
		if !bytes.Equal(direct[p], want) {
			t.Errorf("%s differs between the direct printer and the restorer", p)
		}
	}
	registry := 0 // the registry's parts: aligned key: value literals
	for p := range direct {
		if strings.HasPrefix(p, cfg.Output.Registry+"/registry_") {
			registry++
		}
	}
	if fellBack > int64(registry) {
		t.Errorf("%d files fell back to the restorer, want at most the %d registry files", fellBack, registry)
	}
	t.Logf("%d files identical, %d printed by the restorer", len(direct), fellBack)
}
