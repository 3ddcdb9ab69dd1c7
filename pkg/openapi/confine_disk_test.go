package openapi_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/inputs"
	"github.com/asogen/asogen/pkg/openapi"
)

const gearSpec = `{"swagger":"2.0","info":{"title":"g","version":"1"},"paths":{},` +
	`"definitions":{"Gear":{"type":"object","properties":{"teeth":{"type":"integer"}}}}}`

// confineTree copies the missingfile fixture into a temporary folder with its $ref replaced by
// ref, next to files and links the cases point at, and returns the config path.
func confineTree(t *testing.T, ref string) string {
	t.Helper()
	tmp := t.TempDir()
	root := filepath.Join(tmp, "root")
	version := filepath.Join(root, "spec", "stable", "2024-01-01")
	must(t, os.MkdirAll(version, 0o755))
	src, err := os.ReadFile(filepath.Join(fixtureDir("missingfile"), "spec", "stable", "2024-01-01", "widgets.json"))
	must(t, err)
	spec := strings.Replace(string(src), "./gears.json#/definitions/Gear", ref, 1)
	must(t, os.WriteFile(filepath.Join(version, "widgets.json"), []byte(spec), 0o644))
	cfg, err := os.ReadFile(filepath.Join(fixtureDir("missingfile"), "config.yaml"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(root, "config.yaml"), cfg, 0o644))
	must(t, os.WriteFile(filepath.Join(tmp, "outside.json"), []byte(gearSpec), 0o644))
	must(t, os.MkdirAll(filepath.Join(root, "common", "dir.json"), 0o755))
	must(t, os.WriteFile(filepath.Join(root, "common", "gears.json"), []byte(gearSpec), 0o644))
	must(t, os.Symlink(filepath.Join(tmp, "outside.json"), filepath.Join(root, "common", "link.json")))
	must(t, syscall.Mkfifo(filepath.Join(root, "common", "fifo.json"), 0o644))
	big, err := os.Create(filepath.Join(root, "common", "big.json"))
	must(t, err)
	must(t, big.Truncate(openapi.MaxSpecFileSize+1)) // sparse: costs no disk
	must(t, big.Close())
	return filepath.Join(root, "config.yaml")
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestRefConfinedToSpecRoot (the spec files served by inputs.SpecFS, as the CLI does): a $ref is followed only to a regular file of sane size under
// specRoot; every refusal is positioned at the $ref and says why (a valid file outside, a link
// out, /etc/passwd, /dev/zero, a FIFO, a folder, a huge file, http and absolute paths).
func TestRefConfinedToSpecRoot(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, ref, msg string }{
		{"inside", "../../../common/gears.json#/definitions/Gear", ""},
		{"climbs out", "../../../../outside.json#/definitions/Gear", "outside.json is not read: it is outside specRoot"},
		{"climbs to /etc/passwd", strings.Repeat("../", 40) + "etc/passwd#/definitions/Gear", "is not read: it is outside specRoot"},
		{"link out", "../../../common/link.json#/definitions/Gear", "link.json is not read: a symbolic link leads outside specRoot"},
		{"fifo", "../../../common/fifo.json#/definitions/Gear", "fifo.json is not read: it is not a regular file"},
		{"folder", "../../../common/dir.json#/definitions/Gear", "dir.json is not read: it is a folder"},
		{"huge", "../../../common/big.json#/definitions/Gear", "big.json is not read: it is larger than the 64 MiB limit"},
		{"absolute", "/dev/zero#/definitions/Gear", "absolute $ref path; asogen reads only files under specRoot"},
		{"https", "https://example.com/gears.json#/definitions/Gear", "remote $ref (https:) is never fetched"},
		{"http", "http://example.com/gears.json#/definitions/Gear", "remote $ref (http:) is never fetched"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := config.Load(confineTree(t, c.ref))
			must(t, err)
			m, err := openapi.Build(context.Background(), cfg, inputs.Specs(cfg.SpecRoot, ""))
			if c.msg == "" {
				if err != nil || m == nil {
					t.Fatalf("a $ref inside specRoot: %v", err)
				}
				return
			}
			want := "widgets.json:47:19: $ref \"" + c.ref + "\" needed by widget/2024-01-01 WidgetProperties.gear is not followed: "
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("error:\n%v\nwant %q and %q", err, want, c.msg)
			}
			if testing.Verbose() {
				t.Log(err)
			}
		})
	}
}

func fixtureDir(name string) string {
	return filepath.Join("..", "..", "testdata", "specs", name)
}
