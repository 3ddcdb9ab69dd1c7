package config

import (
	"fmt"
	"strings"
	"testing"
)

// TestReservedGroupNames: a group name that would give an unbuildable tree is refused at the name.
func TestReservedGroupNames(t *testing.T) {
	cases := map[string]string{
		"internal": "unimportable from the registry",
		"vendor":   "ignores packages under a vendor folder",
		"testdata": "ignores packages under a testdata folder",
		"func":     "it is a Go keyword",
		"type":     "it is a Go keyword",
		"go":       "it is a Go keyword",
	}
	for name, why := range cases {
		t.Run(name, func(t *testing.T) {
			src := fmt.Sprintf("module: m\nspecRoot: s\ngroups:\n  - name: %s\n    path: p\n", name)
			_, err := Parse("config.yaml", "/p/config.yaml", []byte(src))
			want := fmt.Sprintf("config.yaml:4:11: group name %q is reserved: ", name)
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), why) {
				t.Fatalf("error %v, want %q ... %q", err, want, why)
			}
		})
	}
	if _, err := Parse("config.yaml", "/p/config.yaml", []byte("module: m\nspecRoot: s\ngroups:\n  - name: internals\n    path: p\n")); err != nil {
		t.Errorf("internals is a fine name: %v", err)
	}
}

// TestGroupPathEscapingSpecRoot: a group folder outside specRoot is refused at the group.
func TestGroupPathEscapingSpecRoot(t *testing.T) {
	src := "module: m\nspecRoot: s\ngroups:\n  - name: g\n    path: a/../../etc\n"
	_, err := Parse("config.yaml", "/p/config.yaml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), `config.yaml:4:5: group "g" path "a/../../etc" escapes specRoot`) {
		t.Fatalf("got %v", err)
	}
}

// TestAliases: anchors and aliases are expanded (a list, a mapping, nested), a bomb stops at the
// alias that crosses the limit, and merge keys are refused with the rule.
func TestAliases(t *testing.T) {
	head := "module: m\nspecRoot: s\ngroups:\n  - &g {name: network, path: p}\n"
	src := head + "resources:\n  - group: network\n    kind: A\n    versions: &v [\"2022-07-01\", \"2024-03-01\"]\n" +
		"  - group: network\n    kind: B\n    versions: *v\n"
	cfg, err := Parse("config.yaml", "/p/config.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cfg.Resources[1].Versions, ","); got != "2022-07-01,2024-03-01" {
		t.Errorf("aliased versions: %q", got)
	}
	bomb := "module: m\nspecRoot: s\nx0: &a0 [1,1,1,1,1,1,1,1,1,1]\n"
	for i := 1; i < 8; i++ {
		bomb += fmt.Sprintf("x%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d,", i-1), 10), ","))
	}
	_, err = Parse("config.yaml", "/p/config.yaml", []byte(bomb))
	if err == nil || !strings.Contains(err.Error(), "expands the config past 10000 nodes") {
		t.Errorf("alias bomb: %v", err)
	}
	_, err = Parse("config.yaml", "/p/config.yaml", []byte(head+"  - <<: *g\n    name: other\n"))
	if err == nil || !strings.Contains(err.Error(), "config.yaml:5:5: merge keys (<<) are not supported in group") {
		t.Errorf("merge key: %v", err)
	}
}

// TestConfigNotARegularFile: --config /dev/zero is refused at once, not read until memory runs out.
func TestConfigNotARegularFile(t *testing.T) {
	_, err := Load("/dev/zero")
	if err == nil || !strings.Contains(err.Error(), "/dev/zero: cannot read config: not a regular file") {
		t.Fatalf("got %v", err)
	}
}
