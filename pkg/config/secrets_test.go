package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const exportHead = "module: m\nspecRoot: .\ngroups:\n  - name: cache\n    path: p\nresources:\n  - group: cache\n    kind: Redis\n    versions: [\"2023-08-01\"]\n"

func loadText(t *testing.T, text string) (*Config, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return Load(path)
}

// TestSecretsExportConfig reads a kind's exportSecrets.
func TestSecretsExportConfig(t *testing.T) {
	cfg, err := loadText(t, exportHead+"    exportSecrets:\n      action: listKeys\n      values: [primaryKey, secondaryKey]\n")
	if err != nil {
		t.Fatal(err)
	}
	e := cfg.Resources[0].ExportSecrets
	if e == nil || e.Action != "listKeys" || strings.Join(e.Values, ",") != "primaryKey,secondaryKey" || e.Pos.Line != 11 {
		t.Fatalf("exportSecrets = %+v", e)
	}
}

// TestSecretsExportConfigErrors: each mistake is reported at its position.
func TestSecretsExportConfigErrors(t *testing.T) {
	cases := []struct{ body, want string }{
		{"    exportSecrets:\n      action: listKeys\n", `config.yaml:11:7: exportSecrets is missing key "values"`},
		{"    exportSecrets:\n      values: []\n", "config.yaml:11:15: exportSecrets values must name at least one value"},
		{"    exportSecrets:\n      values: [PrimaryKey]\n", `config.yaml:11:16: export value "PrimaryKey" must be a JSON property name`},
		{"    exportSecrets:\n      values: [k, k]\n", `config.yaml:11:19: export value "k" is listed twice`},
		{"    exportSecrets:\n      action: list/keys\n      values: [k]\n", `config.yaml:11:15: action "list/keys" must be an ARM action name`},
		{"    exportSecrets:\n      values: [k]\n      where: x\n", `config.yaml:12:7: unknown key "where" in exportSecrets`},
	}
	for _, c := range cases {
		_, err := loadText(t, exportHead+c.body)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s", c.body, err, c.want)
		}
	}
}
