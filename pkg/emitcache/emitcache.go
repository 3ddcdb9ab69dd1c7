// Package emitcache is the emission cache the CLI hands to pkg/incremental (incremental.Generate): a
// folder of manifests, one per emission unit key, each listing the path and SHA-256 of every file
// the unit produced, and of records (pkg/incremental's note of each group's last build, kept as given). A unit is reused only when the output tree holds exactly those bytes;
// anything else (a missing, edited or extra byte, another plan) has the unit emitted again, so
// generate and verify behave exactly as without the cache. Failing to read or write the cache
// only costs time.
package emitcache

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
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/asogen/asogen/internal/atomicfile"
	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/fileset"
)

// maxManifests is how many manifests the folder keeps (the most recently used): enough for
// every group of a large operator and a few of its past states.
const maxManifests = 4096

// Dir is a cache folder for the output tree under root.
type Dir struct {
	dir    string
	root   string
	mu     sync.Mutex
	stored map[string][]manifestEntry // manifests Store wrote in this process, by file name
}

// New returns the cache in folder dir for the output tree under root; nil when dir is "".
func New(dir, root string) *Dir {
	if dir == "" {
		return nil
	}
	return &Dir{dir: dir, root: root}
}

// FolderFromEnv is the cache folder the CLI uses: $ASOGEN_CACHE, "" (no cache) when it is
// "off", else asogen/emit under the user's cache folder.
func FolderFromEnv(getenv func(string) string) string {
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
	sum, err := hashFile(exe)
	return hex.EncodeToString(sum[:]), err
})

// manifestName is the file of key: keys are namespaced by the binary that emitted.
func (d *Dir) manifestName(key string) string {
	exe, err := executableHash()
	if err != nil || key == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(exe + ":" + key))
	return filepath.Join(d.dir, hex.EncodeToString(sum[:]))
}

// Paths returns the paths (sorted) of the manifest of key.
func (d *Dir) Paths(key string) ([]string, bool) {
	name := d.manifestName(key)
	if name == "" {
		return nil, false
	}
	entries, err := readManifest(name)
	if err != nil || len(entries) == 0 {
		return nil, false
	}
	paths := make([]string, len(entries))
	for i, e := range entries {
		paths[i] = e.path
	}
	return paths, true
}

// Reuse reports whether the manifest of key names exactly paths (sorted) and every one of them
// is on disk with the recorded content. A file whose size and modification time are those the
// manifest recorded when it last checked the file is taken as checked; any other is hashed (on
// parallel workers; nothing kept). When every file matches, the manifest records the files'
// current size and time, so the next run only stats them.
func (d *Dir) Reuse(key string, paths []string) bool {
	name := d.manifestName(key)
	if name == "" {
		return false
	}
	entries, err := readManifest(name)
	if err != nil || len(entries) == 0 || !samePaths(entries, paths) {
		return false
	}
	var restat atomic.Bool
	ok := allOf(len(entries), func(i int) bool {
		e := &entries[i]
		info, err := os.Lstat(filepath.Join(d.root, filepath.FromSlash(e.path))) // a symlink is not reused: the sink checks it
		if err != nil || !info.Mode().IsRegular() {
			return false
		}
		if info.Size() == e.size && info.ModTime().UnixNano() == e.mtime {
			return true
		}
		sum, err := hashFile(filepath.Join(d.root, filepath.FromSlash(e.path)))
		if err != nil || sum != e.sum {
			return false
		}
		e.size, e.mtime = info.Size(), info.ModTime().UnixNano()
		restat.Store(true)
		return true
	})
	if ok && restat.Load() {
		_ = writeManifest(d.dir, filepath.Base(name), encode(entries))
	}
	return ok
}

// Store records the hashes of a unit's files under key (best effort) and drops the oldest
// manifests.
func (d *Dir) Store(key string, sums map[string][sha256.Size]byte) {
	name := d.manifestName(key)
	if name == "" {
		return
	}
	entries := make([]manifestEntry, 0, len(sums))
	for _, p := range slices.Sorted(maps.Keys(sums)) {
		entries = append(entries, manifestEntry{sum: sums[p], path: p, size: -1})
	}
	if writeManifest(d.dir, filepath.Base(name), encode(entries)) == nil {
		d.mu.Lock()
		if d.stored == nil {
			d.stored = map[string][]manifestEntry{}
		}
		d.stored[name] = entries
		d.mu.Unlock()
		d.prune()
	}
}

// Stamp completes the manifests Store wrote in this process with the stamps of the files as
// they were written (fileset.Writer.Stamps: each path's stamp while it holds exactly the bytes
// stored for it). A later Reuse then only stats those files instead of hashing each once. Call
// it only after every file of the run is in place (best effort).
func (d *Dir) Stamp(stamps map[string]fileset.Stamp) {
	d.mu.Lock()
	stored := d.stored
	d.stored = nil
	d.mu.Unlock()
	for name, entries := range stored {
		changed := false
		for i := range entries {
			if st, ok := stamps[entries[i].path]; ok && entries[i].size < 0 {
				entries[i].size, entries[i].mtime = st.Size, st.ModTime
				changed = true
			}
		}
		if changed {
			_ = writeManifest(d.dir, filepath.Base(name), encode(entries))
		}
	}
}

// Record returns the data StoreRecord last kept under name.
func (d *Dir) Record(name string) ([]byte, bool) {
	file := d.manifestName("record:" + name)
	if file == "" {
		return nil, false
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	now := time.Now()
	_ = os.Chtimes(file, now, now) // most recently used: kept by prune
	return data, true
}

// StoreRecord keeps data under name (best effort).
func (d *Dir) StoreRecord(name string, data []byte) {
	if file := d.manifestName("record:" + name); file != "" {
		_ = writeManifest(d.dir, filepath.Base(file), data)
	}
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

// manifestEntry is one line of a manifest: "<sha256 hex> <size> <mtime ns> <path>"; size -1 when
// the file was not checked on disk yet (its bytes were stored as emitted).
type manifestEntry struct {
	sum   [sha256.Size]byte
	size  int64
	mtime int64
	path  string
}

func encode(entries []manifestEntry) []byte {
	var b bytes.Buffer
	for _, e := range entries {
		fmt.Fprintf(&b, "%x %d %d %s\n", e.sum, e.size, e.mtime, e.path)
	}
	return b.Bytes()
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
		e, ok := parseEntry(sc.Text())
		if !ok {
			return nil, fmt.Errorf("%s: malformed manifest line %q", name, sc.Text())
		}
		out = append(out, e)
	}
	now := time.Now()
	_ = os.Chtimes(name, now, now) // most recently used: kept by prune
	return out, sc.Err()
}

func parseEntry(line string) (manifestEntry, bool) {
	fields := strings.SplitN(line, " ", 4)
	if len(fields) != 4 || fields[3] == "" {
		return manifestEntry{}, false
	}
	raw, err := hex.DecodeString(fields[0])
	size, serr := strconv.ParseInt(fields[1], 10, 64)
	mtime, merr := strconv.ParseInt(fields[2], 10, 64)
	if err != nil || serr != nil || merr != nil || len(raw) != sha256.Size {
		return manifestEntry{}, false
	}
	return manifestEntry{sum: [sha256.Size]byte(raw), size: size, mtime: mtime, path: fields[3]}, true
}

// writeManifest writes the manifest through a temporary file and a rename, so a reader never
// sees half of it. Nothing is synced: a lost manifest only costs time.
func writeManifest(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return atomicfile.WriteNoSync(filepath.Join(dir, name), data, 0o600)
}

// prune removes all but the maxManifests most recently used manifests (best effort).
func (d *Dir) prune() {
	entries, err := os.ReadDir(d.dir)
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
		_ = os.Remove(filepath.Join(d.dir, a.name))
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
