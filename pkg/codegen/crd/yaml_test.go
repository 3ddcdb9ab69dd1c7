package crd

import (
	"bytes"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// trickyStrings are strings whose style, quoting or folding go-yaml decides by a rule of its own.
var trickyStrings = []string{
	"", "plain", "Name: text after a colon", "yes", "No", "on", "~", "null", "1", "-1", "+1", "0x1F", "1_000",
	"1.5", ".5", ".inf", "1e3", "1:20", "2024-01-01", "2024-1-2 10:00:00", "0b101", "-0b1", "1.2.3", "-foo",
	"- item", "-", "? x", "?x", ":x", "x: y", "x:y", "x #y", "x#y", "#x", "@at", "`tick`", "'quoted'", `"dq"`,
	"it's", "back\\slash", "tab\there", " leading", "trailing ", "a  b", "---x", "...", "ünïcödé", "emoji 🎉",
	"nbsp\u00a0x", "bom\ufeffx", "line\nbreak", "ends\n", "\nstarts", "two\n\nparas", "spaced \nline", "line\n spaced",
	"cr\rhere", "ls\u2028x", "{brace", "[x]", "a,b", "!bang", "%pct", "&amp", "*star", "|pipe", ">gt",
	strings.Repeat("word ", 40), strings.Repeat("Name: long description words ", 8),
	"a long line of text that runs past the eightieth column of the line, with 'quotes' in it and more words",
	"a long line of text that runs past the eightieth column of the line,  with two spaces  in it and more",
	"a long line with a \"double quote\" and a tab\tthat runs past the eightieth column of the line and more",
	"first line\nsecond line that is very long and runs past the eightieth column of the line, and even more words",
}

// trickyDocument is a CRD whose descriptions, enum values and property names are the strings.
func trickyDocument(strs []string) document {
	props := map[string]apiext.JSONSchemaProps{}
	var enum []apiext.JSON
	for i, s := range strs {
		props[fmt.Sprintf("p%d", i)] = apiext.JSONSchemaProps{Type: "string", Description: s, Pattern: s}
		if len(s) <= 100 && !strings.ContainsAny(s, "\n\r\u2028") {
			props[s] = apiext.JSONSchemaProps{Type: "string"}
		}
		enum = append(enum, apiext.JSON{Raw: []byte(fmt.Sprintf("%q", s))})
	}
	min, max := 1.5, 1e21
	props["n"] = apiext.JSONSchemaProps{Type: "number", Minimum: &min, Maximum: &max, Enum: []apiext.JSON{{Raw: []byte("1")}, {Raw: []byte("2.5")}}}
	root := apiext.JSONSchemaProps{Type: "object", Properties: props, Enum: enum}
	return document{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition",
		Metadata: metadata{Annotations: map[string]string{"a": "b"}, Name: "xs.example.com"},
		Spec: apiext.CustomResourceDefinitionSpec{Group: "example.com", Scope: apiext.NamespaceScoped,
			Names: apiext.CustomResourceDefinitionNames{Kind: "X", ListKind: "XList", Plural: "xs", Singular: "x"},
			Versions: []apiext.CustomResourceDefinitionVersion{{Name: "v1", Served: true, Storage: true,
				Schema: &apiext.CustomResourceValidation{OpenAPIV3Schema: &root}}}}}
}

// checkWriter compares the direct writer with go-yaml on doc; unsupported shapes are skipped
// (they go to go-yaml) and counted.
func checkWriter(t *testing.T, doc document) bool {
	t.Helper()
	var direct bytes.Buffer
	if err := writeDirect(&direct, doc, newMemo()); err == errUnsupported {
		return false
	} else if err != nil {
		t.Fatal(err)
	}
	want, err := yaml.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if got := direct.String(); got != string(want) {
		t.Errorf("direct writer differs from go-yaml at byte %d:\n%s\n---- go-yaml:\n%s", firstDiff(got, string(want)), got, want)
	}
	return true
}

func firstDiff(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func TestCRDWriterMatchesGoYAML(t *testing.T) {
	for _, s := range trickyStrings {
		checkWriter(t, trickyDocument([]string{s}))
	}
	common := slices.DeleteFunc(slices.Clone(trickyStrings), func(s string) bool { return strings.Contains(s, "\u2028") })
	if !checkWriter(t, trickyDocument(common)) {
		t.Error("the tricky strings (but a line separator) went to go-yaml")
	}
	crd, err := render(t, gadgetModel())
	if err != nil {
		t.Fatal(err)
	}
	doc := document{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition",
		Metadata: metadata{Annotations: crd.Annotations, Name: crd.Name}, Spec: crd.Spec}
	if !checkWriter(t, doc) {
		t.Error("the gadget's CRD went to go-yaml")
	}
}

// TestCRDWriterMatchesGoYAMLOnRandomStrings writes random strings of tricky characters.
func TestCRDWriterMatchesGoYAMLOnRandomStrings(t *testing.T) {
	alphabet := []rune("ab :#-'\"\\\t\n .,{}[]?!|>@`%&*0123456789yYnN~é🎉\u00a0\u2028\r")
	r := rand.New(rand.NewSource(1))
	direct := 0
	for range 3000 {
		n := r.Intn(120)
		var b strings.Builder
		for range n {
			if r.Intn(3) == 0 {
				b.WriteString("word")
			}
			b.WriteRune(alphabet[r.Intn(len(alphabet))])
		}
		if checkWriter(t, trickyDocument([]string{b.String()})) {
			direct++
		}
	}
	if direct < 2000 {
		t.Errorf("only %d of 3000 documents written directly", direct)
	}
}
