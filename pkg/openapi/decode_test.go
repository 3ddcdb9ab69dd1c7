package openapi

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/asogen/asogen/internal/benchcorpus"
	openapi "github.com/go-openapi/spec"
)

// TestFieldSetsCoverTypes: decodeFast knows every field of the go-openapi types it fills, so a
// field added by a go-openapi upgrade cannot be silently dropped or taken for an extra property.
func TestFieldSetsCoverTypes(t *testing.T) {
	t.Parallel()
	checkFields(t, "Schema", schemaFields, []string{"$ref", "$schema"},
		reflect.TypeFor[openapi.SchemaProps](), reflect.TypeFor[openapi.SwaggerSchemaProps]())
	checkFields(t, "Operation", operationFields, nil, reflect.TypeFor[openapi.OperationProps]())
	checkFields(t, "Parameter", paramFields, []string{"$ref"}, reflect.TypeFor[openapi.CommonValidations](),
		reflect.TypeFor[openapi.SimpleSchema](), reflect.TypeFor[openapi.ParamProps]())
	checkFields(t, "Response", responseFields, []string{"$ref"}, reflect.TypeFor[openapi.ResponseProps]())
}

// checkFields compares a field set with the JSON names of the struct types plus the extra names.
func checkFields[T any](t *testing.T, name string, fields *fieldSet[T], extra []string, types ...reflect.Type) {
	t.Helper()
	want := slices.Clone(extra)
	for _, typ := range types {
		for i := range typ.NumField() {
			if tag, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ","); tag != "-" && tag != "" {
				want = append(want, tag)
			}
		}
	}
	var got []string
	for _, f := range fields.list {
		got = append(got, f.name)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("%s: the field set has\n%v\ngo-openapi has\n%v", name, got, want)
	}
}

// TestDecodeFastMatchesGoOpenAPI decodes every spec file the tests know both ways: decodeFast must
// take every well-formed file of the project's specs, the fixtures, the synthetic corpus and the
// real corpus (which has a repeated property name), and give exactly what json.Unmarshal into
// go-openapi's types gives.
func TestDecodeFastMatchesGoOpenAPI(t *testing.T) {
	t.Parallel()
	files := specFiles(t, filepath.Join("..", "..", "specs"), filepath.Join("..", "..", "testdata", "specs"))
	for name, raw := range syntheticSpecs(t) {
		files[name] = raw
	}
	if dir := os.Getenv("ASOGEN_AZURE_SPECS"); dir != "" {
		realSpecs(t)
		for name, raw := range specFiles(t, dir) {
			files[name] = raw
		}
	}
	taken := 0
	for name, raw := range files {
		if compareDecoders(t, name, raw) {
			taken++
		} else if !strings.Contains(name, "malformed") {
			t.Errorf("%s: decodeFast did not take it", name)
		}
	}
	t.Logf("decodeFast took %d of %d files", taken, len(files))
}

// TestDecodeFastEdgeCases: values encoding/json or go-openapi take in unusual ways.
func TestDecodeFastEdgeCases(t *testing.T) {
	t.Parallel()
	schemas := []string{
		`{}`, `{"type":null,"items":null,"properties":null,"allOf":null,"enum":null,"required":null}`,
		`{"type":[],"enum":[],"required":[],"allOf":[],"properties":{}}`, `{"type":["string",null],"required":[null,"a"]}`,
		`{"additionalProperties":false}`, `{"additionalProperties":true}`, `{"additionalProperties":5}`, `{"additionalProperties":{"type":"string"}}`,
		`{"items":5}`, `{"items":"x"}`, `{"items":true}`, `{"items":[{"type":"string"}]}`, `{"items":{"$ref":"#/definitions/A"}}`,
		`{"$ref":5}`, `{"$ref":null}`, `{"$ref":"%zz"}`, `{"$ref":"a.json#/definitions/A~1B"}`, `{"$ref":1e999}`,
		`{"readOnly":"yes"}`, `{"readOnly":null}`, `{"readonly":true}`, `{"ReadOnly":true}`, `{"type":"string","Type":"integer"}`,
		`{"maxLength":1.5}`, `{"maxLength":1e2}`, `{"maxLength":-3}`, `{"maximum":1e999}`, `{"maximum":-0}`, `{"minimum":null}`,
		`{"x-a":1e999}`, `{"X-Ms-Enum":{"name":"E"}}`, `{"x-a":1,"x-a":2}`, `{"f":1,"f":{}}`, `{"readonly":true,"readOnly":false}`, `{"foo":{"b":[1,"2",null,true]}}`, `{"$schema":"x"}`,
		`{"description":"\u00e9\ud83d\ude00 \"q\" \\ \t","title":"\ud800"}`, "{\"description\":\"\xff\xfe\"}",
		`{"default":{"a":[{}]},"example":[null]}`, `{"enum":["a",1,null,{"k":"v"}]}`, `{"discriminator":5}`,
		`{"properties":{"a":{"properties":{"b":{"type":"string"}}},"a":{}}}`, `{"properties":{"a":null}}`, `{"allOf":[null]}`,
		`{"not":{"type":"string"}}`, `{"not":5}`, `{"xml":{"name":"x"}}`, `{"definitions":{}}`, `{"dependencies":{}}`,
		`{"patternProperties":{"^a":{"type":"string"}}}`, `{"uniqueItems":true,"exclusiveMinimum":false,"multipleOf":2}`,
	}
	for i, s := range schemas {
		doc := `{"definitions":{"A":` + s + `},"paths":{"/a":{"get":{},"put":{"parameters":[{"in":"body","schema":` + s + `}]}}}}`
		compareDecoders(t, fmt.Sprintf("case %d %s", i, s), []byte(doc))
	}
	for _, doc := range []string{`null`, `[]`, `{"definitions":null,"paths":null}`, `{"Definitions":{}}`, `{"paths":{"/a":null,"/b":{"put":5}}}`,
		`{"paths":{"/a":{"put":{},"put":{"x":1}}}}`, `{"paths":{"/a":{"put":{}},"/a":{"get":{}}}}`, `{"definitions":{"A":{}},"definitions":{"B":{}}}`, `{"definitions":{"A":5}}`,
		`{"parameters":{"p":{"in":"body","schema":{"type":"string"}}},"swagger":"2.0"}`, `{"definitions":{"A":{}}`} {
		compareDecoders(t, doc, []byte(doc))
	}
	operations := []string{
		`{}`, `null`, `5`, `{"parameters":null,"responses":null}`, `{"parameters":[],"responses":{}}`, `{"parameters":[null]}`,
		`{"parameters":[{"$ref":"%zz"}]}`, `{"parameters":[{"$ref":5}]}`, `{"parameters":[{"$ref":"#/parameters/P"},{"in":"path","name":"n","required":true,"type":"string"}]}`,
		`{"parameters":[{"Required":true}]}`, `{"parameters":[{"in":"query","type":"array","items":{"type":"string"},"collectionFormat":"csv"}]}`,
		`{"parameters":[{"in":"body","schema":null},{"in":"body","schema":5}]}`, `{"parameters":[{"maxLength":2,"enum":["a"],"default":"a","x-ms-p":{}}]}`,
		`{"responses":{"200":{"description":"OK","schema":{"$ref":"#/definitions/A"}},"201":{},"default":{"description":"e"}}}`,
		`{"responses":{"0200":{}}}`, `{"responses":{"+200":{}}}`, `{"responses":{"2XX":{}}}`, `{"responses":{"2XX":5}}`, `{"responses":{"x-a":1,"X-b":{}}}`,
		`{"responses":{"default":null}}`, `{"responses":{"200":null}}`, `{"responses":{"200":{"$ref":"%zz"}}}`, `{"responses":{"200":{"headers":{"h":{"type":"string"}},"examples":{"a":1}}}}`,
		`{"responses":{"200":{"x-ms-error-response":true,"Description":"d"}}}`, `{"responses":{"200":{}, "200":{"description":"again"}}}`,
		`{"operationId":"A_Put","tags":["a",null],"security":[{"k":["s"]}],"externalDocs":{"url":"u"},"deprecated":true,"x-ms-long-running-operation":true}`,
		`{"OperationId":"A_Put"}`, `{"summary":5}`, `{"x-a":1e999}`, `{"unknown":1e999}`, `{"unknown":{"deep":[1,2]}}`,
	}
	for _, op := range operations {
		doc := `{"paths":{"/a":{"put":` + op + `}},"parameters":{"P":` + op + `}}`
		compareDecoders(t, "operation "+op, []byte(doc))
		compareDecoders(t, "operation "+op, []byte(`{"paths":{"/a":{"put":`+op+`}}}`))
	}
}

// FuzzDecodeFast: on any input, decodeFast either declines or gives what go-openapi gives; it
// never takes a document go-openapi rejects.
// go test ./pkg/openapi -run '^$' -fuzz '^FuzzDecodeFast$' -fuzztime 2m
func FuzzDecodeFast(f *testing.F) {
	f.Add([]byte(`{"definitions":{"A":{"type":"object","properties":{"a":{"type":"string","x-ms-enum":{"name":"E"}}}}}}`))
	f.Add([]byte(`{"definitions":{"A":{"allOf":[{"$ref":"#/definitions/B"}],"required":["a"],"additionalProperties":false}}}`))
	f.Add([]byte(`{"paths":{"/a":{"put":{"parameters":[{"in":"body","schema":{"$ref":"#/definitions/A"}}]}}},"parameters":{}}`))
	f.Add([]byte(`{"definitions":{"A":{"items":{"maxLength":3,"maximum":1.5,"enum":[1,"a"],"default":null,"readOnly":true}}}}`))
	f.Add([]byte(`{"paths":{"/a":{"put":{"parameters":[{"$ref":"#/parameters/P"},{"in":"path","name":"n","type":"string"}],` +
		`"responses":{"200":{"description":"OK","schema":{"type":"object"}},"default":{"x-ms-error-response":true}}}}}}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		compareDecoders(t, "input", raw)
	})
}

// compareDecoders decodes raw both ways and fails the test when decodeFast takes it differently;
// it reports whether decodeFast took it.
func compareDecoders(t *testing.T, name string, raw []byte) bool {
	t.Helper()
	fast, ok := decodeFast(raw)
	slow, err := decodeLibrary(name, raw)
	if !ok {
		return false
	}
	if err != nil {
		t.Errorf("%s: decodeFast took a document go-openapi rejects (%v)", name, err)
		return true
	}
	if !reflect.DeepEqual(fast.definitions(), slow.definitions()) {
		t.Errorf("%s: definitions differ:\nfast %#v\nslow %#v", name, fast.definitions(), slow.definitions())
	}
	if !reflect.DeepEqual(fast.Parameters, slow.Parameters) {
		t.Errorf("%s: parameters differ:\nfast %#v\nslow %#v", name, fast.Parameters, slow.Parameters)
	}
	if !reflect.DeepEqual(fast.puts, slow.puts) {
		t.Errorf("%s: PUT operations differ:\nfast %#v\nslow %#v", name, fast.puts, slow.puts)
	}
	return true
}

// specFiles reads every .json file below the folders.
func specFiles(t *testing.T, dirs ...string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(path) != ".json" {
				return err
			}
			files[path], err = os.ReadFile(path)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// syntheticSpecs returns the spec files of a small synthetic corpus, without writing it.
func syntheticSpecs(t *testing.T) map[string][]byte {
	t.Helper()
	all, err := benchcorpus.Files(benchcorpus.Options{Kinds: 40, Versions: 2, Seed: 3, AsogenDir: filepath.Join("..", "..")})
	if err != nil {
		t.Fatal(err)
	}
	specs := map[string][]byte{}
	for name, raw := range all {
		if strings.HasSuffix(name, ".json") {
			specs[name] = raw
		}
	}
	return specs
}
