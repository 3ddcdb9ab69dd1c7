package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func fixture(name string) string {
	return filepath.Join("..", "..", "testdata", "config", name)
}

func TestLoadGood(t *testing.T) {
	t.Setenv("ASOGEN_TEST_SPECS", "/data")
	cfg, err := Load(fixture("good.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(fixture("good.yaml"))
	if cfg.Path != abs || cfg.Dir != filepath.Dir(abs) {
		t.Errorf("paths: %s %s", cfg.Path, cfg.Dir)
	}
	if cfg.Module != "example.com/fromgomod" || cfg.SpecRoot != "/data/specs" {
		t.Errorf("module %q specRoot %q", cfg.Module, cfg.SpecRoot)
	}
	if cfg.Output != (Output{API: DefaultAPIRoot, Registry: DefaultRegistryRoot, Manifests: DefaultManifestsRoot, Samples: DefaultSamplesRoot}) {
		t.Errorf("output defaults: %+v", cfg.Output)
	}
	r := cfg.Resources[0]
	if strings.Join(r.Versions, ",") != "2022-07-01,2024-03-01" || r.Hub != "2022-07-01" || r.HubPos.Line != 9 {
		t.Errorf("resource: %+v", r)
	}
	if r.VersionPos[1].Line != 8 || r.VersionPos[1].Col != 28 || r.Extensions[0] != (Extension{"PostReconciliationChecker", r.Extensions[0].Pos}) {
		t.Errorf("positions: %+v %+v", r.VersionPos, r.Extensions)
	}
	if d := cfg.Directives[0]; d.Action != ActionReference || d.Pos.Line != 12 {
		t.Errorf("directive: %+v", d)
	}
}

// TestLoadBad checks that every problem of a bad config is reported with its position.
func TestLoadBad(t *testing.T) {
	cases := map[string][]string{
		"unknownkey.yaml": {
			`unknownkey.yaml:3:1: unknown key "colour" in config (valid keys: directives, groups, module, output, rbac, resources, specRoot)`,
			`unknownkey.yaml:8:5: unknown key "extension" in resource (valid keys: exportConfigMaps, exportSecrets, extensions, group, hub, kind, specKind, versions)`,
		},
		"wrongtype.yaml": {
			`wrongtype.yaml:9:15: versions must be a list, found str "2022-07-01"`,
			`wrongtype.yaml:11:11: kind must be a scalar, found a list`,
		},
		"duplicate.yaml":    {`duplicate.yaml:10:5: duplicate resource entry for group "network" kind "PrivateEndpoint" (first at line 7)`},
		"unknowngroup.yaml": {`unknowngroup.yaml:7:12: unknown group "netwerk" (defined groups: network)`},
		"malformed.yaml":    {`malformed.yaml:3:1: malformed YAML: did not find expected '-' indicator`},
		"badnames.yaml": {
			`badnames.yaml:4:8: output.api "../outside" escapes the config file's folder`,
			`badnames.yaml:5:13: output.registry "/abs/path" must be relative to the config file's folder`,
			`badnames.yaml:7:11: group name "../../x" is not valid`,
			`badnames.yaml:11:11: kind "../../x" is not valid: it must be an exported Go identifier`,
			`badnames.yaml:12:30: version "2022-07-01" is listed twice for ../../x (first at line 12)`,
			`badnames.yaml:12:44: version "latest" is not an ARM api-version`,
			`badnames.yaml:15:12: match "network:Subnet" must look like`,
			`badnames.yaml:16:13: unknown action "inline" (valid: opaque, prune, reference, secret, armID, rename, configInput)`,
			`badnames.yaml:13:10: hub "2024-03-01" is not one of the versions of ../../x (2022-07-01)`,
		},
		"unsetenv.yaml": {`unsetenv.yaml:2:11: specRoot uses environment variable ASOGEN_TEST_UNSET_VARIABLE, which is not set`},
	}
	for name, wants := range cases {
		t.Run(name, func(t *testing.T) {
			cfg, err := Load(fixture(name))
			if err == nil || cfg != nil {
				t.Fatalf("want an error, got %+v", cfg)
			}
			for _, want := range wants {
				if !strings.Contains(err.Error(), filepath.ToSlash(fixture(""))+"/"+want) {
					t.Errorf("error lacks %q:\n%v", want, err)
				}
			}
		})
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(fixture("nope.yaml"))
	if err == nil || !strings.Contains(err.Error(), "nope.yaml: cannot read config") {
		t.Fatalf("got %v", err)
	}
}

func TestModuleRequired(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte("specRoot: specs\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if err == nil || !strings.Contains(err.Error(), "no module: key and no go.mod beside the config") {
		t.Fatalf("got %v", err)
	}
}

// FuzzLoadConfig feeds arbitrary YAML to the decoder: it must return a config or errors, never panic.
// Longer runs: go test ./pkg/config -fuzz FuzzLoadConfig -fuzztime 5m
func FuzzLoadConfig(f *testing.F) {
	seeds, _ := filepath.Glob(fixture("*.yaml"))
	seeds = append(seeds, filepath.Join("..", "..", "config.yaml"))
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse("config.yaml", "/project/config.yaml", data)
		if (cfg == nil) == (err == nil) {
			t.Fatalf("want exactly one of config and error, got %v and %v", cfg, err)
		}
	})
}

func TestRenamedKindConfiguredTwiceIsAnError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.yaml")
	body := `specRoot: specs
groups:
  - name: sb
    path: specification/sb
resources:
  - group: sb
    kind: ServiceBusNamespace
    specKind: Namespace
    versions: ["2021-11-01"]
  - group: sb
    kind: Namespace
    versions: ["2021-11-01"]
`
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if err == nil || !strings.Contains(err.Error(), "sb Namespace is already generated, renamed, by the entry at line 6") {
		t.Errorf("got %v", err)
	}
}

func TestRenameDirectiveNeedsAValidTarget(t *testing.T) {
	cases := map[string]string{
		"    action: rename\n":                    "action rename needs `to`",
		"    action: rename\n    to: lowercase\n": `to "lowercase" is not valid`,
		"    action: prune\n    to: Other\n":      "`to` belongs to action rename",
	}
	for directive, want := range cases {
		path := filepath.Join(t.TempDir(), "config.yaml")
		body := "specRoot: specs\ngroups:\n  - name: sb\n    path: specification/sb\nresources:\n  - group: sb\n    kind: Namespace\n    versions: [\"2021-11-01\"]\n" +
			"directives:\n  - match: \"sb/2021-11-01:Namespace.minimumTlsVersion\"\n" + directive
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", directive, err, want)
		}
	}
}

// TestSpecKindQualifiedByParent: specKind may name the parent's kind before the kind
// (HybridConnection/AuthorizationRule); anything else with a slash is refused.
func TestSpecKindQualifiedByParent(t *testing.T) {
	for specKind, want := range map[string]string{
		"HybridConnection/AuthorizationRule": "",
		"a/AuthorizationRule":                `specKind "a/AuthorizationRule" is not valid`,
		"A/B/C":                              `specKind "A/B/C" is not valid`,
	} {
		path := filepath.Join(t.TempDir(), "config.yaml")
		body := "module: example.com/x\nspecRoot: specs\ngroups:\n  - name: relay\n    path: specification/relay\nresources:\n  - group: relay\n" +
			"    kind: HybridConnectionAuthorizationRule\n    specKind: " + specKind + "\n    versions: [\"2016-07-01\"]\n"
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, err := Load(path)
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", specKind, err)
		case want == "" && cfg.Resources[0].KindInSpec() != specKind:
			t.Errorf("%s: KindInSpec %q", specKind, cfg.Resources[0].KindInSpec())
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: got %v, want %q", specKind, err, want)
		}
	}
}
