// Package atomicfile replaces files atomically: the new content is written to a hidden
// temporary file beside the target and renamed onto it, so a reader sees the old file or the
// new one, never a part. Every temporary file asogen creates is named here, so one left behind
// by a killed run is recognised by its name alone.
package atomicfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// tempPrefix starts the name of every temporary file asogen creates.
const tempPrefix = ".asogen-tmp."

// oldTempName is the name of a temporary file of earlier asogen versions (".<base>.<n>.tmp").
var oldTempName = regexp.MustCompile(`^\.[^/]+\.go\.[0-9]+\.tmp$`)

// IsTemp recognises a temporary file of asogen by its base name alone, whatever it holds.
func IsTemp(name string) bool {
	return strings.HasPrefix(name, tempPrefix) || oldTempName.MatchString(name)
}

// Write replaces target with data, durably: the temporary file is synced before the rename
// and the folder after it. The file gets mode. On failure target is unchanged and no temporary
// file is left.
func Write(target string, data []byte, mode fs.FileMode) error {
	return write(target, data, mode, true)
}

// WriteNoSync replaces target with data atomically but syncs nothing: for files whose loss in
// a crash only costs time (caches), where a sync per file would cost every run.
func WriteNoSync(target string, data []byte, mode fs.FileMode) error {
	return write(target, data, mode, false)
}

func write(target string, data []byte, mode fs.FileMode, sync bool) error {
	tmp, _, err := stage(target, data, mode, nil, sync)
	if err != nil {
		return err
	}
	if err := Commit(tmp, target); err != nil {
		return err
	}
	if sync {
		SyncDir(filepath.Dir(target))
	}
	return nil
}

// Stage writes data to a new temporary file beside target, ".asogen-tmp.<base>.<random>", with
// mode, and returns its name and its file information once written. Nothing is synced: a caller
// replacing many files syncs once and renames each (pkg/fileset). wrap, when not nil,
// wraps the file's writer. On failure no temporary file is left.
func Stage(target string, data []byte, mode fs.FileMode, wrap func(io.Writer) io.Writer) (string, fs.FileInfo, error) {
	return stage(target, data, mode, wrap, false)
}

func stage(target string, data []byte, mode fs.FileMode, wrap func(io.Writer) io.Writer, sync bool) (string, fs.FileInfo, error) {
	f, err := os.CreateTemp(filepath.Dir(target), tempPrefix+filepath.Base(target)+".*")
	if err != nil {
		return "", nil, err
	}
	info, err := fill(f, data, mode, wrap, sync)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return "", nil, fmt.Errorf("writing %s: %w", target, err)
	}
	return f.Name(), info, nil
}

// fill writes data to f, sets its mode, syncs it when asked and returns its information.
func fill(f *os.File, data []byte, mode fs.FileMode, wrap func(io.Writer) io.Writer, sync bool) (fs.FileInfo, error) {
	var w io.Writer = f
	if wrap != nil {
		w = wrap(f)
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := f.Chmod(mode); err != nil {
		return nil, err
	}
	if sync {
		_ = f.Sync() // best effort: some file systems do not support it
	}
	return f.Stat()
}

// Commit renames a staged temporary file onto its target (atomic: a reader sees the old file or
// the new one); on failure the temporary file is removed.
func Commit(tmp, target string) error {
	if err := os.Rename(tmp, target); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return nil
}

// SyncDir makes renames into dir durable where the platform allows it (best effort).
func SyncDir(dir string) {
	f, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = f.Sync()
	_ = f.Close()
}
