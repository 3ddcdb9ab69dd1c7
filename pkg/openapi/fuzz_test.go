package openapi

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

const fuzzConfig = `module: example.com/fuzz
specRoot: .
groups:
  - name: w
    path: s
resources:
  - group: w
    kind: W
    versions: ["2024-01-01"]
`

// FuzzReadSpec feeds arbitrary spec files to the reader: it must return a model or errors, never
// panic. Longer runs:
// go test ./pkg/openapi -run '^$' -fuzz '^FuzzReadSpec$' -fuzztime 5m
//
// Each input runs the real reader (build, Build's body) on the fuzzed bytes, but the config is
// loaded once and the file is served from memory: an input costs microseconds, not a temporary
// folder, a written spec, a written and parsed config and their syscalls (milliseconds here). Coverage-guided fuzzing minimizes every
// input that finds new coverage, which takes thousands of executions, so a slow input stalls the
// run (it did: ~15 executions in 10 s).
func FuzzReadSpec(f *testing.F) {
	for _, seed := range fuzzSeeds() {
		f.Add([]byte(seed))
	}
	h := newFuzzHarness(f)
	f.Fuzz(func(t *testing.T, spec []byte) {
		m, err := h.build(spec)
		if (m == nil) == (err == nil) {
			t.Fatalf("want exactly one of model and error, got %v and %v", m, err)
		}
		if err != nil && err.Error() == "" {
			t.Fatal("empty error message")
		}
	})
}

// fuzzSeeds are tiny specs, one per feature family of the reader. Short seeds matter: every
// input that finds new coverage is minimized, at a cost quadratic in its length (children of the
// 0.7-2.7 KB fixtures under testdata/specs took 3-10 s each; TestBadInput covers those files).
func fuzzSeeds() []string {
	return []string{
		fuzzSpec(`"W":{"properties":{"properties":{"x-ms-client-flatten":true,"$ref":"#/definitions/P"}}},`+
			`"P":{"required":["c"],"properties":{"c":{"enum":["R","B"],"x-ms-enum":{"name":"C"}}}}`, false),
		fuzzSpec(`"W":{"properties":{"s":{"readOnly":true},"a":{"type":"array","items":{"$ref":"#/definitions/W"}}}}`, true),
		fuzzSpec(`"W":{"properties":{"m":{"additionalProperties":{"type":"integer"}},"p":{"format":"password"},`+
			`"e":{"$ref":"#/definitions/E"}}},"E":{"x-ms-azure-resource":true}`, false),
		fuzzSpec(`"W":{"discriminator":"k","properties":{"k":{"type":"string"}}},`+
			`"R":{"x-ms-discriminator-value":"R","allOf":[{"$ref":"#/definitions/W"}]}`, true),
		fuzzSpec(`"W":{"properties":{"g":{"$ref":"g.json#/definitions/G"},"h":{"$ref":"#/definitions/H"}}},`+
			`"H":{"$ref":"#/definitions/H"}`, false),
		`{"paths":{"/x":{"put":`,
	}
}

// fuzzSpec is a spec with the PUT path of kind W whose body (and response) is definition W.
func fuzzSpec(definitions string, response bool) string {
	body := `{"$ref":"#/definitions/W"}`
	put := `"parameters":[{"in":"body","schema":` + body + `}]`
	if response {
		put += `,"responses":{"200":{"schema":` + body + `}}`
	}
	return `{"paths":{"/providers/M/ws/{n}":{"put":{` + put + `}}},"definitions":{` + definitions + `}}`
}

// fuzzHarness builds a config whose only spec file is the fuzzed one, served from memory.
type fuzzHarness struct {
	cfg  *config.Config
	root string       // the config's folder and spec root; it does not exist on disk
	fs   fstest.MapFS // the spec root's files: the fuzzed file
	path string       // the spec file's name in fs
}

func newFuzzHarness(tb testing.TB) *fuzzHarness {
	root := filepath.Join(string(filepath.Separator), "fuzz")
	cfg := loadConfigText(tb, fuzzConfig)
	cfg.Dir, cfg.SpecRoot = root, root
	return &fuzzHarness{cfg: cfg, root: root, fs: fstest.MapFS{},
		path: "s/stable/2024-01-01/w.json"}
}

// build runs the reader with the fuzzed bytes as the spec file; no other file exists.
func (h *fuzzHarness) build(spec []byte) (*astmodel.Model, error) {
	h.fs[h.path] = &fstest.MapFile{Data: spec}
	return build(h.cfg, newLoader(Specs{FS: h.fs, WorkDir: h.root}, h.root))
}

// TestFuzzSeeds checks that the seeds reach the reader's features: the first four build, the
// last two fail with positioned errors.
func TestFuzzSeeds(t *testing.T) {
	t.Parallel()
	h := newFuzzHarness(t)
	seeds := fuzzSeeds()
	for i, seed := range seeds {
		m, err := h.build([]byte(seed))
		wantErr := i >= len(seeds)-2
		if (err != nil) != wantErr || (err != nil && !strings.HasPrefix(err.Error(), "s/stable/2024-01-01/w.json:1:")) {
			t.Errorf("seed %d: model %v, error %v", i, m != nil, err)
		}
	}
}

// TestAllOfDiamond: a definition reached through 2^20 allOf paths is composed once.
func TestAllOfDiamond(t *testing.T) {
	t.Parallel()
	const depth = 20
	defs := []string{`"W":{"allOf":[{"$ref":"#/definitions/D0"},{"$ref":"#/definitions/D0"}]}`}
	for i := range depth {
		defs = append(defs, fmt.Sprintf(`"D%d":{"allOf":[{"$ref":"#/definitions/D%d"},{"$ref":"#/definitions/D%d"}],`+
			`"properties":{"p%d":{"type":"string"}}}`, i, i+1, i+1, i))
	}
	defs = append(defs, fmt.Sprintf(`"D%d":{"properties":{"x":{"type":"string"}}}`, depth))
	m, err := newFuzzHarness(t).build([]byte(fuzzSpec(strings.Join(defs, ","), false)))
	if err != nil {
		t.Fatal(err)
	}
	spec := mustObject(t, m, astmodel.APIPackage("w", "2024-01-01"), "W_Spec")
	for _, name := range []string{"P0", "P19", "X"} {
		mustProp(t, m, spec, name)
	}
}

// TestFlattenFanOut: flattening that grows exponentially with depth is stopped with an error.
func TestFlattenFanOut(t *testing.T) {
	t.Parallel()
	const depth = 14 // 3^14 lifted properties without the bound
	defs := []string{`"W":{"properties":{"properties":{"x-ms-client-flatten":true,"$ref":"#/definitions/D0"}}}`}
	for i := range depth {
		ref := fmt.Sprintf(`{"x-ms-client-flatten":true,"$ref":"#/definitions/D%d"}`, i+1)
		defs = append(defs, fmt.Sprintf(`"D%d":{"properties":{"a":%s,"b":%s,"c":%s}}`, i, ref, ref, ref))
	}
	defs = append(defs, fmt.Sprintf(`"D%d":{"properties":{"x":{"type":"string"}}}`, depth))
	_, err := newFuzzHarness(t).build([]byte(fuzzSpec(strings.Join(defs, ","), false)))
	want := "lifts more than 20000 properties in w 2024-01-01"
	if err == nil || !strings.Contains(err.Error(), want) || strings.Count(err.Error(), want) != 1 {
		t.Fatalf("want one error %q, got %v", want, err)
	}
}
