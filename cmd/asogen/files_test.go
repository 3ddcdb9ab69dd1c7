package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/asogen/asogen/pkg/header"
)

// generatedFiles maps every file under dir/v2 that carries asogen's header (slash path
// relative to dir) to its content.
func generatedFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(filepath.Join(dir, "v2"), func(name string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := os.ReadFile(name)
		if err == nil && header.IsGenerated(data) {
			rel, _ := filepath.Rel(dir, name)
			files[filepath.ToSlash(rel)] = string(data)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// newFiles lists, sorted, the paths in after that are not in before.
func newFiles(before, after map[string]string) []string {
	var out []string
	for p := range after {
		if _, ok := before[p]; !ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}
