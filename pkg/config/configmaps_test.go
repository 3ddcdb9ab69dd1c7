package config

import (
	"strings"
	"testing"
)

// TestChainConfigMapExportConfig reads a kind's exportConfigMaps, with each value's position.
func TestChainConfigMapExportConfig(t *testing.T) {
	cfg, err := loadText(t, exportHead+"    exportConfigMaps:\n      values: [hostName, port]\n")
	if err != nil {
		t.Fatal(err)
	}
	e := cfg.Resources[0].ExportConfigMaps
	if e == nil || strings.Join(e.Values, ",") != "hostName,port" || len(e.ValuePos) != 2 || e.ValuePos[1].Col != 26 {
		t.Fatalf("exportConfigMaps = %+v", e)
	}
}

// TestChainConfigMapExportConfigErrors: each mistake is reported at its position.
func TestChainConfigMapExportConfigErrors(t *testing.T) {
	cases := []struct{ body, want string }{
		{"    exportConfigMaps: {}\n", `exportConfigMaps is missing key "values"`},
		{"    exportConfigMaps:\n      values: []\n", "config.yaml:11:15: exportConfigMaps values must name at least one value"},
		{"    exportConfigMaps:\n      values: [HostName]\n", `config.yaml:11:16: export value "HostName" must be a JSON property name`},
		{"    exportConfigMaps:\n      values: [k, k]\n", `config.yaml:11:19: export value "k" is listed twice`},
		{"    exportConfigMaps:\n      action: listKeys\n      values: [k]\n", `config.yaml:11:7: unknown key "action" in exportConfigMaps`},
	}
	for _, c := range cases {
		_, err := loadText(t, exportHead+c.body)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s", c.body, err, c.want)
		}
	}
}
