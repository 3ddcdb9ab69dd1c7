package config

import (
	"slices"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/diag"
)

const rbacHead = "specRoot: specs\nmodule: example.com/x\n"

// TestRBACSection: roleName and packages are read with positions; without the section the role
// is manager-role and no package is listed.
func TestRBACSection(t *testing.T) {
	cfg, err := loadText(t, rbacHead+"rbac:\n  roleName: op-role\n  packages: [internal/operator, ./pkg/x/]\n")
	if err != nil {
		t.Fatal(err)
	}
	r := cfg.RBAC
	if r.RoleName != "op-role" || r.RoleNamePos.Line != 4 || !slices.Equal(r.Packages, []string{"internal/operator", "pkg/x"}) {
		t.Errorf("rbac: %+v", r)
	}
	if r.PackagePos[1].Line != 5 || r.PackagePos[1].Col != 33 {
		t.Errorf("package positions: %+v", r.PackagePos)
	}
	cfg, err = loadText(t, rbacHead)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.RBAC.RoleName != DefaultRoleName || cfg.RBAC.Packages != nil {
		t.Errorf("defaults: %+v", cfg.RBAC)
	}
}

// TestRBACSectionBadValues: every bad value is an error at its position.
func TestRBACSectionBadValues(t *testing.T) {
	cases := map[string]string{
		"rbac:\n  roleName: Manager_Role\n":   `:4:13: rbac.roleName "Manager_Role" is not a Kubernetes object name`,
		"rbac:\n  roleName: [a]\n":            `:4:13: rbac.roleName must be a scalar, found a list`,
		"rbac:\n  packages: [../outside]\n":   `:4:14: rbac package "../outside" escapes the config file's folder`,
		"rbac:\n  packages: [/abs]\n":         `:4:14: rbac package "/abs" must be relative to the config file's folder`,
		"rbac:\n  packages: [a, ./a]\n":       `:4:17: rbac package "./a" is listed twice (first at line 4)`,
		"rbac:\n  packages: a\n":              `:4:13: rbac.packages must be a list`,
		"rbac:\n  package: [a]\n":             `:4:3: unknown key "package" in rbac (valid keys: packages, roleName)`,
		"rbac: [manager-role]\n":              `:3:7: rbac must be a mapping`,
		"rbac:\n  packages: [\"\"]\n":         `:4:14: rbac package is empty`,
		"rbac:\n  roleName: " + long() + "\n": `rbac.roleName "` + long() + `" is not a Kubernetes object name`,
	}
	for body, want := range cases {
		_, err := loadText(t, rbacHead+body)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", body, err, want)
		}
		var list diag.List
		if err != nil && !asList(err, &list) {
			t.Errorf("%q: not a positioned error: %v", body, err)
		}
	}
}

func long() string { return strings.Repeat("a", 254) }

func asList(err error, list *diag.List) bool {
	l, ok := err.(diag.List)
	*list = l
	return ok && len(l) > 0 && l[0].Pos.Line > 0
}
