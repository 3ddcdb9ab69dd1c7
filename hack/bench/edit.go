package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
