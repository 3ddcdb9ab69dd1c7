package fileset

import (
	"errors"
	"io/fs"
	"os"
)

// removeLeftovers removes the temporary files interrupted runs left behind, which Plan found by
// name (atomicfile.IsTemp); the lock proves no other run is writing them.
func (w *Writer) removeLeftovers() error {
	for _, p := range w.plan.leftovers {
		if err := os.Remove(w.d.abs(p)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		w.sum.Removed = append(w.sum.Removed, p)
	}
	return nil
}
