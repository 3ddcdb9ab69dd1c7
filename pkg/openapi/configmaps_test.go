package openapi

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
)

// TestChainConfigMapExportsFromStatus: exportConfigMaps gives Spec operatorSpec.configMaps with a
// ConfigMapDestination per value, and a value that is not a Status property is an error at it.
func TestChainConfigMapExportsFromStatus(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs(fixtureDir("secrets"))
	head := "module: example.com/fixture\nspecRoot: " + dir + "\ngroups:\n  - name: widget\n    path: spec\n" +
		"resources:\n  - group: widget\n    kind: Widget\n    versions: [\"2024-01-01\"]\n    exportConfigMaps:\n      values: "
	m, err := buildDisk(loadConfigText(t, head+"[vaultId]\n"))
	if err != nil {
		t.Fatal(err)
	}
	ref := astmodel.APIPackage("widget", "2024-01-01")
	ops := mustObject(t, m, ref, "WidgetOperatorSpec")
	maps := mustObject(t, m, ref, mustProp(t, m, ops, "ConfigMaps").Type.(astmodel.TypeName).Name)
	if p := mustProp(t, m, maps, "VaultID"); p.Type != astmodel.ConfigMapDestinationType || p.JSONName != "vaultId" {
		t.Errorf("VaultID destination: %+v", p)
	}
	_, err = buildDisk(loadConfigText(t, head+"[vaultId, nowhere]\n"))
	if err == nil || !strings.Contains(err.Error(), `:11:25: exportConfigMaps value "nowhere" is not a property of Widget 2024-01-01's status`) {
		t.Fatalf("got %v", err)
	}
}

// TestChainConfigInputOnNonString: only a string can be read from a ConfigMap.
func TestChainConfigInputOnNonString(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs(fixtureDir("secrets"))
	text := "module: example.com/fixture\nspecRoot: " + dir + "\ngroups:\n  - name: widget\n    path: spec\n" +
		"resources:\n  - group: widget\n    kind: Widget\n    versions: [\"2024-01-01\"]\n" +
		"directives:\n  - match: \"widget/2024-01-01:WidgetProperties.size\"\n    action: configInput\n"
	_, err := buildDisk(loadConfigText(t, text))
	if err == nil || !strings.Contains(err.Error(), "directive marks WidgetProperties.size as a config input, but it is not a string") {
		t.Fatalf("got %v", err)
	}
}
