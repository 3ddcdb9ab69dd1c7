package openapi

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
)

// batteryWidgetSpec is a Widget whose properties hold a sub-resource with an id, as Cosmos DB's
// virtual network rules do.
const batteryWidgetSpec = `{"swagger": "2.0", "info": {"title": "Widgets", "version": "2024-01-01"},
  "paths": {"/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Widget/widgets/{widgetName}": {
    "put": {"operationId": "Widgets_CreateOrUpdate",
      "parameters": [{"name": "parameters", "in": "body", "required": true, "schema": {"$ref": "#/definitions/Widget"}}],
      "responses": {"200": {"description": "OK", "schema": {"$ref": "#/definitions/Widget"}}}}}},
  "definitions": {
    "Widget": {"properties": {"location": {"type": "string"},
      "properties": {"$ref": "#/definitions/WidgetProperties", "x-ms-client-flatten": true}}},
    "WidgetProperties": {"properties": {"rule": {"$ref": "#/definitions/Rule"}}},
    "Rule": {"properties": {"id": {"type": "string"}, "ids": {"type": "array", "items": {"type": "string"}}}}
  }}`

// TestBatteryARMIDNamedIDIsReference: a property named id (or ids) marked as an ARM ID becomes
// Reference (References), JSON reference (references), as in ASO, not IDReference/iDReference;
// ARM still receives id.
func TestBatteryARMIDNamedIDIsReference(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec", "stable", "2024-01-01", "widgets.json")
	if err := os.MkdirAll(filepath.Dir(spec), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(spec, []byte(batteryWidgetSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	text := "module: example.com/fixture\nspecRoot: " + dir + "\ngroups:\n  - name: widget\n    path: spec\n" +
		"resources:\n  - group: widget\n    kind: Widget\n    versions: [\"2024-01-01\"]\n" +
		"directives:\n  - match: \"widget/2024-01-01:Rule.id\"\n    action: armID\n" +
		"  - match: \"widget/2024-01-01:Rule.ids\"\n    action: armID\n"
	m, err := buildDisk(loadConfigText(t, text))
	if err != nil {
		t.Fatal(err)
	}
	rule := mustObject(t, m, astmodel.APIPackage("widget", "2024-01-01"), "Rule")
	for name, json := range map[string]string{"Reference": "reference", "References": "references"} {
		p := mustProp(t, m, rule, name)
		if p.JSONName != json {
			t.Errorf("%s: JSON name %q, want %q", name, p.JSONName, json)
		}
	}
	if p := mustProp(t, m, rule, "Reference"); len(p.ARMJSONPath()) != 1 || p.ARMJSONPath()[0] != "id" {
		t.Errorf("Reference: ARM path %v, want id", p.ARMJSONPath())
	}
}
