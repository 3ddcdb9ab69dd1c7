package operator

import (
	"context"
	"strings"
	"testing"

	"github.com/asogen/asogen/internal/version"
)

// --version needs no subscription, cluster or credential: it prints and exits 0 before any of them.
func TestHygieneControllerVersion(t *testing.T) {
	var stdout, stderr strings.Builder
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code := Main(ctx, []string{"--version"}, envOf(nil), &stdout, &stderr)
	if code != ExitOK || stderr.Len() != 0 {
		t.Fatalf("controller --version: exit %d, stderr %q", code, stderr.String())
	}
	info := version.Get()
	if want := "controller " + info.Version + " (commit " + info.Commit + ", " + info.Go + ")\n"; stdout.String() != want {
		t.Errorf("controller --version printed %q, want %q", stdout.String(), want)
	}
}

func TestHygieneControllerHelpListsVersion(t *testing.T) {
	_, err := ParseConfig([]string{"--help"}, envOf(nil))
	if help, ok := err.(HelpRequested); !ok || !strings.Contains(help.Text, "-version") {
		t.Errorf("--help does not list --version: %v", err)
	}
}
