package codegen

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/header"
)

// TestCRDMatchesControllerGenDefaultConfig generates the project's config in process, writes the
// tree into a temporary folder inside the module, runs controller-gen's CRD generator on its API
// packages and compares every CRD with asogen's: equal as parsed YAML, and byte for byte after
// asogen's header line.
func TestCRDMatchesControllerGenDefaultConfig(t *testing.T) {
	t.Parallel()
	skipShort(t)
	root := repoRoot(t)
	rel := moduleTempDir(t, root, "tmp-crd-default-")
	checkCRDsWithControllerGen(t, root, rel, withoutExtensions(loadCorpusConfig(t, root, "config.yaml", rel)))
}

// TestCRDMatchesControllerGenRealCorpus is the same over every resource of the real specs.
func TestCRDMatchesControllerGenRealCorpus(t *testing.T) {
	t.Parallel()
	realCorpusSpecs(t)
	skipShort(t)
	root := repoRoot(t)
	rel := moduleTempDir(t, root, "tmp-crd-realcorpus-")
	checkCRDsWithControllerGen(t, root, rel, withoutExtensions(realCorpusConfig(t, root, rel)))
}

// TestCRDMatchesControllerGenRealSpecs is the same over the checked-in corpus of real specs
// (testdata/realspecs).
func TestCRDMatchesControllerGenRealSpecs(t *testing.T) {
	t.Parallel()
	skipShort(t)
	root := repoRoot(t)
	rel := moduleTempDir(t, root, "tmp-crd-realspecs-")
	checkCRDsWithControllerGen(t, root, rel, withoutExtensions(loadCorpusConfig(t, root, realSpecsConfigFile, rel)))
}

// TestCRDMatchesControllerGenBenchCorpus is the same over a synthetic corpus of 10 kinds in 3
// versions, its output moved into the module.
func TestCRDMatchesControllerGenBenchCorpus(t *testing.T) {
	t.Parallel()
	skipShort(t)
	root := repoRoot(t)
	rel := moduleTempDir(t, root, "tmp-crd-bench-")
	cfg := syntheticConfig(t, 10, 3)
	cfg.Dir, cfg.Module = root, "github.com/asogen/asogen"
	cfg.Output = config.Output{API: rel + "/api", Registry: rel + "/controllers", Manifests: rel + "/config", Samples: rel + "/samples"}
	checkCRDsWithControllerGen(t, root, rel, withoutExtensions(cfg))
}

func skipShort(t *testing.T) {
	if testing.Short() {
		t.Skip("runs controller-gen")
	}
}

// withoutExtensions drops the kinds' extension points: the tree is written away from the
// hand-written code that implements them, and no CRD depends on them.
func withoutExtensions(cfg *config.Config) *config.Config {
	for i := range cfg.Resources {
		cfg.Resources[i].Extensions = nil
	}
	return cfg
}

// checkCRDsWithControllerGen generates cfg (output below rel), writes the tree, runs controller-gen
// over rel's API packages and compares its CRDs with asogen's.
func checkCRDsWithControllerGen(t *testing.T, root, rel string, cfg *config.Config) {
	files := generateInMemory(t, cfg)
	ours := map[string][]byte{}
	bases := rel + "/config/crd/bases/"
	for p, b := range files {
		writeFile(t, filepath.Join(root, filepath.FromSlash(p)), b)
		if name, ok := strings.CutPrefix(p, bases); ok {
			ours[name] = b
		}
	}
	cgDir := filepath.Join(root, filepath.FromSlash(rel), "controller-gen-crd")
	goTool(t, root, "tool", "controller-gen", "object", "crd:allowDangerousTypes=true", "paths=./"+rel+"/api/...", "output:crd:dir="+cgDir)
	theirs := readDir(t, cgDir)
	if got, want := slices.Sorted(maps.Keys(ours)), slices.Sorted(maps.Keys(theirs)); !slices.Equal(got, want) {
		t.Fatalf("asogen wrote the CRDs %v, controller-gen %v", got, want)
	}
	if len(ours) == 0 {
		t.Fatal("no CRDs")
	}
	bytesDiffer := 0
	for name, b := range ours {
		if diff := yamlDifference(b, theirs[name]); diff != "" {
			t.Errorf("%s: %s", name, diff)
			continue
		}
		if !bytes.Equal(withoutHeader(b), theirs[name]) {
			bytesDiffer++
			t.Errorf("%s: equal as YAML, not byte for byte", name)
		}
	}
	t.Logf("%d CRDs compared, %d differ in bytes only", len(ours), bytesDiffer)
}

func readDir(t *testing.T, dir string) map[string][]byte {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

// withoutHeader drops asogen's header line, which controller-gen does not write.
func withoutHeader(b []byte) []byte {
	rest, _ := bytes.CutPrefix(b, []byte(header.YAML+"\n"))
	return rest
}

// yamlDifference compares the YAML documents of ours and theirs as parsed values and describes
// the first difference: its path (behind the document's index when there are several) and its
// line in each; "" when they are equal.
func yamlDifference(ours, theirs []byte) string {
	a, err := yamlNodes(ours)
	if err != nil {
		return "asogen's: " + err.Error()
	}
	b, err := yamlNodes(theirs)
	if err != nil {
		return "controller-gen's: " + err.Error()
	}
	if len(a) != len(b) {
		return fmt.Sprintf("%d documents, controller-gen %d", len(a), len(b))
	}
	for i := range a {
		at := ""
		if len(a) > 1 {
			at = fmt.Sprintf("[%d]", i)
		}
		if d := nodeDifference(a[i], b[i], at); d != "" {
			return d
		}
	}
	return ""
}

// yamlNodes decodes every document of b, leaving out empty and null ones (such as a header
// comment before the first ---).
func yamlNodes(b []byte) ([]*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(b))
	var docs []*yaml.Node
	for {
		n := &yaml.Node{}
		err := dec.Decode(n)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		if len(n.Content) > 0 && n.Content[0].Tag != "!!null" {
			docs = append(docs, n)
		}
	}
}

func nodeDifference(a, b *yaml.Node, at string) string {
	if a.Kind == yaml.DocumentNode && b.Kind == yaml.DocumentNode {
		return nodeDifference(a.Content[0], b.Content[0], at)
	}
	if a.Kind != b.Kind {
		return differs(a, b, at, "a different kind of node")
	}
	switch a.Kind {
	case yaml.MappingNode:
		return mappingDifference(a, b, at)
	case yaml.SequenceNode:
		if len(a.Content) != len(b.Content) {
			return differs(a, b, at, fmt.Sprintf("%d items, controller-gen %d", len(a.Content), len(b.Content)))
		}
		for i := range a.Content {
			if d := nodeDifference(a.Content[i], b.Content[i], fmt.Sprintf("%s[%d]", at, i)); d != "" {
				return d
			}
		}
		return ""
	}
	var va, vb any
	if a.Decode(&va) != nil || b.Decode(&vb) != nil || !reflect.DeepEqual(va, vb) {
		return differs(a, b, at, fmt.Sprintf("%#v, controller-gen %#v", va, vb))
	}
	return ""
}

// mappingDifference compares two mappings key by key, in sorted order.
func mappingDifference(a, b *yaml.Node, at string) string {
	ma, mb := mapping(a), mapping(b)
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range ma {
			if !yield(k) {
				return
			}
		}
		for k := range mb {
			if _, ok := ma[k]; !ok && !yield(k) {
				return
			}
		}
	})
	for _, k := range keys {
		va, okA := ma[k]
		vb, okB := mb[k]
		switch {
		case !okA:
			return differs(a, vb, at+"."+k, "missing in asogen's")
		case !okB:
			return differs(va, b, at+"."+k, "missing in controller-gen's")
		}
		if d := nodeDifference(va, vb, at+"."+k); d != "" {
			return d
		}
	}
	return ""
}

func mapping(n *yaml.Node) map[string]*yaml.Node {
	m := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		m[n.Content[i].Value] = n.Content[i+1]
	}
	return m
}

func differs(a, b *yaml.Node, at, what string) string {
	return fmt.Sprintf("%s (asogen's line %d, controller-gen's line %d): %s", at, a.Line, b.Line, what)
}

// TestYAMLDifferenceFindsTheFirstDifference: the oracle tests' comparison skips a header comment
// and null documents, and names a changed, missing or extra value in any document.
func TestYAMLDifferenceFindsTheFirstDifference(t *testing.T) {
	theirs := []byte("---\na: 1\nb: [x, y]\n---\nc: {d: e}\n")
	for _, c := range []struct{ ours, want string }{
		{"# Code generated by asogen. DO NOT EDIT.\n---\na: 1\nb: [x, y]\n---\nc: {d: e}\n---\n", ""},
		{"a: 1\nb: [x, y]\n---\nc: {d: f}\n", "[1].c.d"},
		{"a: 1\nb: [x]\n---\nc: {d: e}\n", "[0].b"},
		{"a: 1\nb: [x, y]\nz: 0\n---\nc: {d: e}\n", "[0].z"},
		{"a: 1\nb: [x, y]\n", "1 documents"},
	} {
		got := yamlDifference([]byte(c.ours), theirs)
		if (c.want == "") != (got == "") || !strings.HasPrefix(got, c.want) {
			t.Errorf("yamlDifference(%q) = %q, want it to start with %q", c.ours, got, c.want)
		}
	}
}
