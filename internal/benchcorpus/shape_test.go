package benchcorpus

import (
	"encoding/json"
	"strings"
	"testing"
)

type specDoc map[string]any

func decode(t *testing.T, content []byte) specDoc {
	t.Helper()
	var doc specDoc
	if err := json.Unmarshal(content, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func (d specDoc) defs() map[string]any { return d["definitions"].(map[string]any) }

func specPath(k *Kind, version string) string { return SpecDir(k.Group, version) + "/" + k.FileName() }

// TestShapesCovered checks that the corpus uses every shape the issue asks for, across files.
func TestShapesCovered(t *testing.T) {
	files := mustFiles(t, opts(20, 1, 1))
	var all strings.Builder
	for name, content := range files {
		if strings.HasSuffix(name, ".json") && !strings.HasSuffix(name, commonFile) {
			all.Write(content)
		}
	}
	for _, want := range []string{
		`"x-ms-client-flatten": true`, `"additionalProperties"`, `"x-ms-enum"`, `"readOnly": true`,
		`"type": "array"`, `"$ref": "./common.json#/definitions/`, `"$ref": "./common.json#/parameters/`,
		`"format": "date-time"`, `"required"`, `"x-ms-long-running-operation": true`,
	} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("no spec file contains %s", want)
		}
	}
}

func TestOwnedKindsNestUnderTheirOwner(t *testing.T) {
	c := Plan(opts(20, 1, 1))
	owned := 0
	for _, k := range c.Kinds() {
		if k.Owner == nil {
			continue
		}
		owned++
		if k.Owner.Group != k.Group || !strings.HasPrefix(k.PutPath(), k.Owner.PutPath()+"/") {
			t.Errorf("%s: path %s is not below its owner's %s", k.Name, k.PutPath(), k.Owner.PutPath())
		}
	}
	if owned != 5 {
		t.Errorf("owned kinds = %d, want 5 of 20", owned)
	}
}

func TestExtensionsOnAThirdOfKinds(t *testing.T) {
	c := Plan(opts(300, 1, 1))
	count := map[string]int{}
	for _, k := range c.Kinds() {
		count[k.Extension]++
		if k.Extension == OwnerChecker && k.Owner == nil {
			t.Errorf("%s has the owner checker but no owner kind", k.Name)
		}
	}
	if count[OwnerChecker] == 0 || count[PreChecker] == 0 || count[PostChecker] == 0 {
		t.Errorf("every extension point should appear: %v", count)
	}
	if n := 300 - count[""]; n != 100 {
		t.Errorf("kinds with an extension = %d, want 100", n)
	}
}

func TestKindNamesUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Plan(opts(3500, 1, 1)).Kinds() {
		if seen[k.Name] {
			t.Fatalf("kind name %s used twice", k.Name)
		}
		seen[k.Name] = true
	}
}

func TestBadOptionsWriteNothing(t *testing.T) {
	for _, o := range []Options{
		{Kinds: 0, Versions: 1, AsogenDir: "../.."},
		{Kinds: 1, Versions: 0, AsogenDir: "../.."},
		{Kinds: 1, Versions: 1},
		{Kinds: 1, Versions: 1, AsogenDir: t.TempDir()}, // no go.mod there
	} {
		dir := t.TempDir()
		if err := Write(dir, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
		if tree := readTree(t, dir); len(tree) > 0 {
			t.Errorf("%+v: wrote %d files", o, len(tree))
		}
	}
}

func TestRefusesNonEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, opts(1, 1, 1)); err != nil {
		t.Fatal(err)
	}
	err := Write(dir, opts(1, 1, 1))
	if err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("second write into the same folder: %v", err)
	}
}
