package fileset

import (
	"path/filepath"
	"testing"
)

// FuzzPathProblem checks that every path accepted as an output path stays inside the root.
func FuzzPathProblem(f *testing.F) {
	for _, seed := range []string{"v2/api/network/v1/a_gen.go", "../x", "a/../../b", "/etc/passwd", `a\b`, "a//b", "./a", "..", "a/..", "", "...", "a/.../b"} {
		f.Add(seed)
	}
	root := filepath.FromSlash("/project/root")
	f.Fuzz(func(t *testing.T, p string) {
		if pathProblem(p) != "" {
			return
		}
		joined := filepath.Join(root, filepath.FromSlash(p))
		if joined == root || !within(root, joined) {
			t.Fatalf("accepted %q, which resolves to %q outside %q", p, joined, root)
		}
	})
}
