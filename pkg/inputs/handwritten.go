package inputs

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/handwritten"
	"github.com/asogen/asogen/pkg/wiring"
)

// Records keeps small records between runs (the emission cache, emitcache.Dir).
type Records interface {
	Record(name string) ([]byte, bool)
	StoreRecord(name string, data []byte)
}

// HandWritten finds the hand-written methods of cfg's project, in the customizations package of
// every configured group and of every group folder under the API root that holds one (a group
// whose last kind was removed keeps methods to report unused). go list runs in env, the go
// environment. With records (nil: none), methods found before in files with the same bytes
// under the same go settings are taken from there, without go list (Found.Key names them;
// "" without records).
func HandWritten(cfg *config.Config, env []string, records Records) handwritten.Found {
	pkgs := Customizations(cfg, configuredGroups(cfg))
	key := ""
	if records != nil { // the files are read for the key only when it can be kept
		key = handWrittenKey(cfg, pkgs, env)
	}
	if found, ok := recalled(records, key); ok {
		return found
	}
	methods, err := handwritten.Load(cfg.Dir, pkgs, wiring.HandWrittenNames(), env)
	found := handwritten.Found{Methods: methods, Key: key, Err: err}
	if err == nil && key != "" {
		if raw, err := json.Marshal(methods); err == nil {
			records.StoreRecord(recordName(key), raw)
		}
	}
	return found
}

// Methods finds the hand-written methods of one group's customizations package (scaffold).
func Methods(cfg *config.Config, group string, env []string) ([]handwritten.Method, error) {
	pkgs := wiring.Packages(wiring.LayoutOf(cfg), []string{group})
	return handwritten.Load(cfg.Dir, pkgs, wiring.HandWrittenNames(), env)
}

// Customizations returns the customizations packages of groups and of every other group folder
// under cfg's API root holding a customizations folder, sorted by group.
func Customizations(cfg *config.Config, groups []string) []handwritten.Package {
	l := wiring.LayoutOf(cfg)
	api := filepath.Join(cfg.Dir, filepath.FromSlash(l.APIRoot))
	entries, _ := os.ReadDir(api)
	for _, e := range entries {
		if !e.IsDir() || slices.Contains(groups, e.Name()) {
			continue
		}
		if info, err := os.Stat(filepath.Join(api, e.Name(), "customizations")); err == nil && info.IsDir() {
			groups = append(groups, e.Name())
		}
	}
	slices.Sort(groups)
	return wiring.Packages(l, slices.Compact(groups))
}

// configuredGroups are the groups of cfg's resources.
func configuredGroups(cfg *config.Config) []string {
	var out []string
	for _, r := range cfg.Resources {
		out = append(out, r.Group)
	}
	return out
}

func recordName(key string) string { return "handwritten\x00" + key }

// recalled returns the methods recorded under key.
func recalled(records Records, key string) (handwritten.Found, bool) {
	if records == nil || key == "" {
		return handwritten.Found{}, false
	}
	raw, ok := records.Record(recordName(key))
	var methods []handwritten.Method
	if !ok || json.Unmarshal(raw, &methods) != nil {
		return handwritten.Found{}, false
	}
	return handwritten.Found{Methods: methods, Key: key}, true
}

// handWrittenKey is a key of everything Load reads: the project folder and config, the
// packages, the go settings in env that change which files go list finds, and the name and
// bytes of every Go file in the packages' folders (those go list would skip included). ""
// when a folder cannot be read.
func handWrittenKey(cfg *config.Config, pkgs []handwritten.Package, env []string) string {
	h := sha256.New()
	head, err := json.Marshal([]any{cfg.Dir, cfg.Path, pkgs, goSettings(env)})
	if err != nil {
		return ""
	}
	h.Write(head)
	for _, p := range pkgs {
		dir := filepath.Join(cfg.Dir, filepath.FromSlash(p.Dir))
		entries, err := os.ReadDir(dir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
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
			h.Write([]byte(p.Group + "/" + e.Name() + "\x00"))
			h.Write(sum[:])
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// goSettings are the variables of env that change which files go list finds.
func goSettings(env []string) []string {
	var out []string
	for _, v := range []string{"GOOS", "GOARCH", "GOFLAGS", "CGO_ENABLED", "GOWORK", "GO111MODULE"} {
		out = append(out, v+"="+lookup(env, v))
	}
	return out
}

// lookup returns the last value of name in env ("name=value" entries), as the go command does.
func lookup(env []string, name string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], name+"="); ok {
			return v
		}
	}
	return ""
}
