package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/asogen/asogen/internal/benchcorpus"
)

// editOneSpec adds a property to the first <Kind>Properties definition of the first spec file
// under dir/specs: what a user does when a resource's spec changes.
func editOneSpec(dir string) error {
	var files []string
	err := filepath.WalkDir(filepath.Join(dir, "specs"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return err
	}
	slices.Sort(files)
	for _, f := range files {
		if done, err := addProperty(f); done || err != nil {
			return err
		}
	}
	return fmt.Errorf("no <Kind>Properties definition under %s/specs", dir)
}

// addProperty adds benchEdited to the first <Kind>Properties definition of the spec file f.
func addProperty(f string) (bool, error) {
	data, err := os.ReadFile(f)
	if err != nil {
		return false, err
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		return false, fmt.Errorf("%s: %w", f, err)
	}
	defs, _ := doc["definitions"].(map[string]any)
	names := make([]string, 0, len(defs))
	for name := range defs {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		def, _ := defs[name].(map[string]any)
		props, ok := def["properties"].(map[string]any)
		if ok && strings.HasSuffix(name, "Properties") {
			props["benchEdited"] = map[string]any{"type": "string", "description": "Added by the bench's edit step."}
			out, err := json.MarshalIndent(doc, "", "  ")
			if err != nil {
				return false, err
			}
			return true, os.WriteFile(f, out, 0o644)
		}
	}
	return false, nil
}

// addOneKind turns the corpus of opts in dir into the corpus of one more kind: it writes the
// files that differ between the two (the new kind's spec files, its group's config entry and,
// when the kind opens a new group, that group's common files), as a user adding a resource does.
// Files an earlier step edited and the new corpus does not change are left as they are.
func addOneKind(dir string, opts benchcorpus.Options) error {
	before, err := benchcorpus.Files(opts)
	if err != nil {
		return err
	}
	grown := opts
	grown.Kinds++
	after, err := benchcorpus.Files(grown)
	if err != nil {
		return err
	}
	for _, p := range slices.Sorted(maps.Keys(after)) {
		if old, ok := before[p]; ok && bytes.Equal(old, after[p]) {
			continue
		}
		name := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name, after[p], 0o644); err != nil {
			return err
		}
	}
	return nil
}
