package benchcorpus

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/pkg/errors"
)

// Files returns every file of the corpus: slash-separated path relative to the corpus root →
// content. The same options always give the same bytes.
func Files(opts Options) (map[string][]byte, error) {
	opts, err := opts.check()
	if err != nil {
		return nil, err
	}
	gomod, gosum, err := goModule(opts)
	if err != nil {
		return nil, err
	}
	c := Plan(opts)
	files := map[string][]byte{"config.yaml": configYAML(c), "go.mod": gomod, "go.sum": gosum}
	for _, g := range c.Groups {
		addGroupSpecs(files, c, g)
	}
	for _, k := range c.Kinds() {
		if k.Extension != "" {
			name, content := customization(c, opts.Module, k)
			files[name] = content
		}
	}
	return files, nil
}

func addGroupSpecs(files map[string][]byte, c *Corpus, g *Group) {
	for v, version := range c.Versions {
		dir := SpecDir(g, version)
		files[path.Join(dir, commonFile)] = encode(commonSpec(g, version))
		for _, k := range g.Kinds {
			files[path.Join(dir, k.FileName())] = encode(kindSpec(c, k, v))
		}
	}
}

// SpecDir is the folder of a group version's spec files, relative to the corpus root.
func SpecDir(g *Group, version string) string {
	return path.Join("specs", groupPath(g), "stable", version)
}

// Write writes the corpus into dir, which must be missing or empty. Nothing is written when the
// options are invalid.
func Write(dir string, opts Options) error {
	files, err := Files(opts)
	if err != nil {
		return err
	}
	if err := ensureEmpty(dir); err != nil {
		return err
	}
	return writeFiles(dir, files)
}

func ensureEmpty(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		return errors.Errorf("%s: not empty; the corpus is written into a missing or empty folder", dir)
	}
	return nil
}

func writeFiles(dir string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	made := map[string]bool{}
	for _, name := range names {
		target := filepath.Join(dir, filepath.FromSlash(name))
		if parent := filepath.Dir(target); !made[parent] {
			if err := os.MkdirAll(parent, 0o755); err != nil {
				return err
			}
			made[parent] = true
		}
		if err := os.WriteFile(target, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Grow turns the corpus of opts written in dir into the corpus of one more kind: it writes the
// files that differ between the two (the new kind's spec files, the config and, when the kind
// opens a new group, that group's common files), as a user adding a resource does. Files an
// earlier edit changed and the grown corpus does not change are left as they are.
func Grow(dir string, opts Options) error {
	before, err := Files(opts)
	if err != nil {
		return err
	}
	opts.Kinds++
	after, err := Files(opts)
	if err != nil {
		return err
	}
	for name, content := range after {
		if old, ok := before[name]; ok && bytes.Equal(old, content) {
			delete(after, name)
		}
	}
	return writeFiles(dir, after)
}
