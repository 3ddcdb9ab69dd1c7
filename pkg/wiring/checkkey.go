package wiring

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

// CheckKey returns a key of everything Check reads: the project folder and layout, the kinds
// (their extensions, hubs and owners), the go command's build settings, and the name and bytes
// of every Go file in the customizations folders (those go list would skip included). Check's
// outcome is the same for the same key, so a caller can keep a passing check's warnings under
// it. "" when a folder cannot be read.
func CheckKey(cfg *config.Config, m *astmodel.Model) string {
	l := LayoutOf(cfg)
	h := sha256.New()
	head, err := json.Marshal([]any{cfg.Dir, cfg.Path, l, m.Kinds, goSettings()})
	if err != nil {
		return ""
	}
	h.Write(head)
	for _, g := range withCustomizations(cfg.Dir, l, groups(m)) {
		dir := filepath.Join(cfg.Dir, filepath.FromSlash(l.CustomizationsDir(g)))
		entries, err := os.ReadDir(dir)
		if err != nil && !os.IsNotExist(err) {
			return ""
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_gen.go") {
				continue
			}
			src, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				return ""
			}
			sum := sha256.Sum256(src)
			h.Write([]byte(g + "/" + e.Name() + "\x00"))
			h.Write(sum[:])
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// goSettings are the environment variables that change which files go list finds.
func goSettings() []string {
	var out []string
	for _, v := range []string{"GOOS", "GOARCH", "GOFLAGS", "CGO_ENABLED", "GOWORK", "GO111MODULE"} {
		out = append(out, v+"="+os.Getenv(v))
	}
	return slices.Clip(out)
}
