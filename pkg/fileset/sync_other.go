//go:build !linux

package fileset

import "os"

// syncFiles makes the staged files' bytes durable before they are renamed into place: an fsync
// of each (best effort: some file systems do not support it).
func syncFiles(_ string, staged []staged) {
	for _, s := range staged {
		if f, err := os.OpenFile(s.tmp, os.O_RDWR, 0); err == nil {
			_ = f.Sync()
			_ = f.Close()
		}
	}
}
