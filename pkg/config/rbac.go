package config

import (
	"regexp"

	"github.com/asogen/asogen/pkg/diag"
	"gopkg.in/yaml.v3"
)

// RBAC configures the operator's role file (<output.manifests>/rbac/role.yaml): its name and the
// hand-written Go packages whose `+kubebuilder:rbac` markers join the rules of every kind.
type RBAC struct {
	RoleName    string // the ClusterRole's name (default "manager-role")
	RoleNamePos diag.Pos
	// Packages are package folders, slash-separated and relative to Dir, whose markers join the
	// role besides those of the customizations packages (default none).
	Packages   []string
	PackagePos []diag.Pos // position of each entry of Packages
}

// DefaultRoleName is the role's name when rbac.roleName is absent (kubebuilder's).
const DefaultRoleName = "manager-role"

// roleName is a Kubernetes object name (a DNS subdomain).
var roleName = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)

func (d *decoder) rbac(n *yaml.Node, cfg *Config) {
	d.fields(n, "rbac", map[string]func(*yaml.Node){
		"roleName": d.setStr(&cfg.RBAC.RoleName, &cfg.RBAC.RoleNamePos, "rbac.roleName"),
		"packages": func(v *yaml.Node) { d.list(v, "rbac.packages", func(p *yaml.Node) { d.rbacPackage(p, &cfg.RBAC) }) },
	})
	if p := cfg.RBAC.RoleNamePos; p.Line > 0 && (len(cfg.RBAC.RoleName) > 253 || !roleName.MatchString(cfg.RBAC.RoleName)) {
		d.errs.Add(p, "rbac.roleName %q is not a Kubernetes object name (lower-case letters, digits, '-' and '.', at most 253)", cfg.RBAC.RoleName)
	}
}

// rbacPackage adds one folder of rbac.packages: relative to the config folder, inside it, once.
func (d *decoder) rbacPackage(n *yaml.Node, r *RBAC) {
	s, ok := d.str(n, "rbac package")
	if !ok {
		return
	}
	clean := d.outputPath(s, "", d.pos(n), "rbac package")
	if i := index(r.Packages, clean); i >= 0 {
		d.errorf(n, "rbac package %q is listed twice (first at line %d)", s, r.PackagePos[i].Line)
		return
	}
	r.Packages = append(r.Packages, clean)
	r.PackagePos = append(r.PackagePos, d.pos(n))
}
