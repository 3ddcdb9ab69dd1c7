package fileset

import (
	"errors"
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

// isTempName recognises a temporary file of asogen by its name alone, so one left empty or
// half written by a killed run is found whatever it holds: Plan lists it, Finish removes it and
// the Verifier reports it.
func isTempName(name string) bool {
	return strings.HasPrefix(name, tempPrefix) || oldTempName.MatchString(name)
}

// createTemp writes data to a new hidden temporary file in dir and returns its name,
// ".asogen-tmp.<base>.<random>", recognisable by isTempName, and its stamp once written. It is
// not synced (see syncFiles).
func createTemp(dir, base string, data []byte, mode fs.FileMode, wrap func(io.Writer) io.Writer) (string, Stamp, error) {
	f, err := os.CreateTemp(dir, tempPrefix+base+".*")
	if err != nil {
		return "", Stamp{}, err
	}
	var w io.Writer = f
	if wrap != nil {
		w = wrap(f)
	}
	_, err = w.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	var info fs.FileInfo
	if err == nil {
		info, err = f.Stat()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return "", Stamp{}, fmt.Errorf("writing %s: %w", filepath.Join(dir, base), err)
	}
	return f.Name(), stampOf(info), nil
}

// removeLeftovers removes the temporary files interrupted runs left behind (the lock proves no
// other run is writing them).
func (w *Writer) removeLeftovers() error {
	for _, p := range w.plan.leftovers {
		if err := os.Remove(w.d.abs(p)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		w.sum.Removed = append(w.sum.Removed, p)
	}
	return nil
}
