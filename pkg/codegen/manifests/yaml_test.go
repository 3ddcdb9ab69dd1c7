package manifests

import (
	"testing"

	"gopkg.in/yaml.v3"
)

// TestYAMLStringReadsBack: every string is read back by YAML as itself, plain when it can be.
func TestYAMLStringReadsBack(t *testing.T) {
	plainWant := map[string]bool{"": false, "*": false, "true": false, "No": false, "1.5": false, "0x1F": false,
		"012": false, "a b": false, "it's": false, "- x": false, "a: b": false, "#x": false, "~": false,
		"/metrics": true, "v1api20240301storage": true, "network.azure.com": true, "roleassignments/status": true}
	for s, plain := range plainWant {
		text := yamlString(s)
		var got any
		if err := yaml.Unmarshal([]byte("k: "+text+"\n"), &got); err != nil {
			t.Fatalf("%q as %s: %v", s, text, err)
		}
		if v := got.(map[string]any)["k"]; v != s {
			t.Errorf("%q written %s reads back as %#v", s, text, v)
		}
		if (text == s) != plain {
			t.Errorf("%q written %s: plain %v, want %v", s, text, text == s, plain)
		}
	}
}
