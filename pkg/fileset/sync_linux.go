package fileset

import (
	"os"

	"golang.org/x/sys/unix"
)

// syncFiles makes the staged files' bytes durable before they are renamed into place: one
// syncfs(2) of the file system holding the project (the staged files live beside their targets
// under root), instead of an fsync per file. Best effort, as fsync: some file systems do not
// support it.
func syncFiles(root string, _ []staged) {
	f, err := os.Open(root)
	if err != nil {
		return
	}
	defer f.Close()
	_ = unix.Syncfs(int(f.Fd()))
}
