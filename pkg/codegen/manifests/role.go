package manifests

import (
	"bytes"
	"path"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/header"
	"github.com/asogen/asogen/pkg/kubemarkers"
)

// roleFile is the operator's role file, relative to the manifests root (where controller-gen's
// rbac generator wrote it).
const roleFile = "rbac/role.yaml"

// Role writes the operator's ClusterRole RoleName (and a Role of that name in every namespace a rule
// names) under Root (gen.Generator): the rules of every kind's hub and of the hand-written
// `+kubebuilder:rbac` markers, merged and sorted as controller-gen's rbac generator does. The
// file belongs to no group: it is written on every run, and not at all without rules.
type Role struct {
	Root     string
	RoleName string
	Markers  kubemarkers.Found // the hand-written markers, gathered by the caller
}

// Name names the generator.
func (Role) Name() string { return "role" }

// Files lists the role file; a marker that does not parse is an error at its position, as is
// the problem that stopped the caller gathering the markers.
func (g Role) Files(m *astmodel.Model, _ func(group string) bool) ([]gen.Batch, error) {
	if g.Markers.Err != nil {
		return nil, g.Markers.Err
	}
	rules, err := g.rules(m)
	if err != nil {
		return nil, err
	}
	roles := kubemarkers.Roles(rules)
	if len(roles) == 0 {
		return nil, nil
	}
	return []gen.Batch{{{Path: path.Join(g.Root, roleFile), Render: func(buf *bytes.Buffer) error {
		buf.WriteString(header.YAML + "\n" + g.roles(roles))
		return nil
	}}}}, nil
}

// rules are the hubs' rules and the hand-written markers' (every bad marker reported).
func (g Role) rules(m *astmodel.Model) ([]kubemarkers.Rule, error) {
	var rules []kubemarkers.Rule
	for _, k := range m.Kinds {
		rules = append(rules, kubemarkers.HubRules(k.Hub, k.Name)...)
	}
	var errs diag.List
	for _, c := range g.Markers.Comments {
		r, err := kubemarkers.ParseRule(c)
		errs.Merge(err)
		rules = append(rules, r)
	}
	return rules, errs.Err()
}

func (g Role) roles(roles []kubemarkers.Role) string {
	var w yamlWriter
	for _, r := range roles {
		w.b.WriteString("---\n")
		w.scalar(0, "apiVersion", "rbac.authorization.k8s.io/v1")
		if r.Namespace == "" {
			w.scalar(0, "kind", "ClusterRole")
		} else {
			w.scalar(0, "kind", "Role")
		}
		w.key(0, "metadata")
		w.scalar(1, "name", g.RoleName)
		if r.Namespace != "" {
			w.scalar(1, "namespace", r.Namespace)
		}
		w.key(0, "rules")
		for _, rule := range r.Rules {
			writeRule(&w, rule)
		}
	}
	return w.b.String()
}

// writeRule writes a PolicyRule as a list item, its keys sorted; verbs are always written (null
// when none, as controller-gen does).
func writeRule(w *yamlWriter, r kubemarkers.Rule) {
	w.item()
	w.list(1, "apiGroups", r.Groups)
	w.list(1, "nonResourceURLs", r.URLs)
	w.list(1, "resourceNames", r.ResourceNames)
	w.list(1, "resources", r.Resources)
	if len(r.Verbs) == 0 {
		w.b.WriteString(w.indent(1) + "verbs: null\n")
		return
	}
	w.list(1, "verbs", r.Verbs)
}
