package codegen

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/astmodel"
)

// emitCache lets a run whose model did not change skip emission. For each (asogen binary,
// model fingerprint) it keeps a manifest: the path and SHA-256 of every file emission produced.
// When the disk holds exactly those bytes, nothing is printed: the sink is told every file is
// unchanged. Any difference (a missing, edited or extra byte) falls back to full emission, so
// generate and verify behave exactly as without the cache.
//
// The folder is Options.CacheDir: the CLI passes $ASOGEN_CACHE, or asogen/emit under the
// user's cache folder (CacheDirFromEnv); Generate itself reads no environment. Failing to read
// or write the cache only costs time.
type emitCache struct {
	dir string // "" when disabled
}

// maxManifests is how many manifests the cache keeps (the most recently used).
const maxManifests = 32

// CacheDirFromEnv is the emission cache folder the CLI uses: $ASOGEN_CACHE, "" (no cache) when it
// is "off", else asogen/emit under the user's cache folder.
func CacheDirFromEnv(getenv func(string) string) string {
	switch v := getenv("ASOGEN_CACHE"); v {
	case "off":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "asogen", "emit")
	default:
		return v
	}
}

// executableHash identifies the running asogen binary: another build may emit other bytes.
var executableHash = sync.OnceValues(func() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
})

// key names the manifest of model m, or "" when the model or binary cannot be identified.
func (c emitCache) key(m *astmodel.Model) string {
	if c.dir == "" {
		return ""
	}
	exe, err := executableHash()
	if err != nil {
		return ""
	}
	sum, err := fingerprint(m)
	if err != nil {
		return ""
	}
	key := sha256.Sum256([]byte(exe + ":" + hex.EncodeToString(sum[:])))
	return hex.EncodeToString(key[:])
}

// hit reports whether the manifest key names exactly the planned paths and every one of them
// is on disk under root with the recorded hash. Files are hashed one at a time per worker;
// nothing is kept.
func (c emitCache) hit(key, root string, planned []string) bool {
	if key == "" {
		return false
	}
	entries, err := readManifest(filepath.Join(c.dir, key))
	if err != nil || len(entries) == 0 || !samePaths(entries, planned) {
		return false
	}
	return allOf(len(entries), func(i int) bool {
		sum, err := hashFile(filepath.Join(root, filepath.FromSlash(entries[i].path)))
		return err == nil && sum == entries[i].sum
	})
}

// samePaths reports whether the manifest lists exactly the planned paths (both sorted).
func samePaths(entries []manifestEntry, planned []string) bool {
	return slices.EqualFunc(entries, planned, func(e manifestEntry, p string) bool { return e.path == p })
}

func hashFile(name string) ([sha256.Size]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return [sha256.Size]byte{}, err
	}
	return [sha256.Size]byte(h.Sum(nil)), nil
}

// store records the hashes of the emitted files under key (best effort) and drops the oldest
// manifests.
func (c emitCache) store(key string, sums map[string][sha256.Size]byte) {
	if key == "" {
		return
	}
	var b bytes.Buffer
	for _, p := range slices.Sorted(maps.Keys(sums)) {
		fmt.Fprintf(&b, "%x %s\n", sums[p], p)
	}
	if writeManifest(c.dir, key, b.Bytes()) == nil {
		c.prune()
	}
}

// manifestEntry is one line of a manifest: "<sha256 hex> <path>".
type manifestEntry struct {
	sum  [sha256.Size]byte
	path string
}

func readManifest(name string) ([]manifestEntry, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []manifestEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, p, ok := strings.Cut(sc.Text(), " ")
		raw, err := hex.DecodeString(sum)
		if !ok || err != nil || len(raw) != sha256.Size || p == "" {
			return nil, fmt.Errorf("%s: malformed manifest line %q", name, sc.Text())
		}
		out = append(out, manifestEntry{sum: [sha256.Size]byte(raw), path: p})
	}
	now := time.Now()
	_ = os.Chtimes(name, now, now) // most recently used: kept by prune
	return out, sc.Err()
}

// writeManifest writes the manifest through a temporary file and a rename, so a reader never
// sees half of it.
func writeManifest(dir, key string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".manifest-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, key))
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
	}
	return err
}

// prune removes all but the maxManifests most recently used manifests (best effort).
func (c emitCache) prune() {
	entries, err := os.ReadDir(c.dir)
	if err != nil || len(entries) <= maxManifests {
		return
	}
	type aged struct {
		name string
		mod  time.Time
	}
	var list []aged
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			list = append(list, aged{e.Name(), info.ModTime()})
		}
	}
	slices.SortFunc(list, func(a, b aged) int { return b.mod.Compare(a.mod) })
	for _, a := range list[min(maxManifests, len(list)):] {
		_ = os.Remove(filepath.Join(c.dir, a.name))
	}
}

// allOf runs fn(0..n-1) on GOMAXPROCS workers and reports whether every call returned
// true; after the first false the remaining calls are skipped.
func allOf(n int, fn func(int) bool) bool {
	var failed atomic.Bool
	parallel.Do(n, 0, func(i int) {
		if !failed.Load() && !fn(i) {
			failed.Store(true)
		}
	})
	return !failed.Load()
}
