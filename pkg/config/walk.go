package config

import (
	"github.com/asogen/asogen/pkg/diag"
	"gopkg.in/yaml.v3"
	"strings"
)

// raw values that need the whole file before they can be checked.
type pending struct {
	specRoot    string
	specRootPos diag.Pos
	apiPos      diag.Pos
	registryPos diag.Pos
	manifestPos diag.Pos
	samplesPos  diag.Pos
}

// config decodes the document root into cfg; false when it is not a mapping at all.
func (d *decoder) config(root *yaml.Node, cfg *Config) bool {
	if root.Kind != yaml.DocumentNode || len(root.Content) == 0 {
		d.errs.Add(diag.Pos{File: d.file, Line: 1, Col: 1}, "config is empty")
		return false
	}
	d.fields(root.Content[0], "config", map[string]func(*yaml.Node){
		"module":   d.setStr(&cfg.Module, &cfg.ModulePos, "module"),
		"specRoot": d.setStr(&d.raw.specRoot, &d.raw.specRootPos, "specRoot"),
		"output":   func(n *yaml.Node) { d.output(n, cfg) },
		"groups": func(n *yaml.Node) {
			d.list(n, "groups", func(item *yaml.Node) { cfg.Groups = append(cfg.Groups, d.group(item)) })
		},
		"resources": func(n *yaml.Node) {
			d.list(n, "resources", func(item *yaml.Node) { cfg.Resources = append(cfg.Resources, d.resource(item)) })
		},
		"rbac": func(n *yaml.Node) { d.rbac(n, cfg) },
		"directives": func(n *yaml.Node) {
			d.list(n, "directives", func(item *yaml.Node) { cfg.Directives = append(cfg.Directives, d.directive(item)) })
		},
	})
	if d.raw.specRootPos.Line == 0 && root.Content[0].Kind == yaml.MappingNode {
		d.errs.Add(d.pos(root.Content[0]), "missing key \"specRoot\" (the folder holding specification/...)")
	}
	return root.Content[0].Kind == yaml.MappingNode
}

func (d *decoder) output(n *yaml.Node, cfg *Config) {
	d.fields(n, "output", map[string]func(*yaml.Node){
		"api":       d.setStr(&cfg.Output.API, &d.raw.apiPos, "output.api"),
		"registry":  d.setStr(&cfg.Output.Registry, &d.raw.registryPos, "output.registry"),
		"manifests": d.setStr(&cfg.Output.Manifests, &d.raw.manifestPos, "output.manifests"),
		"samples":   d.setStr(&cfg.Output.Samples, &d.raw.samplesPos, "output.samples"),
	})
}

func (d *decoder) group(n *yaml.Node) Group {
	g := Group{Pos: d.pos(n)}
	var namePos, pathPos diag.Pos
	d.fields(n, "group", map[string]func(*yaml.Node){
		"name": d.setStr(&g.Name, &namePos, "group name"),
		"path": d.setStr(&g.Path, &pathPos, "group path"),
	})
	d.required(n, namePos, "name", "group")
	d.required(n, pathPos, "path", "group")
	if namePos.Line > 0 {
		d.checkName(namePos, g.Name, groupName, "group name", "lower-case letters and digits, starting with a letter")
		if why := reservedGroup(g.Name); why != "" {
			d.errs.Add(namePos, "group name %q is reserved: %s; choose another name", g.Name, why)
		}
	}
	return g
}

func (d *decoder) resource(n *yaml.Node) Resource {
	r := Resource{Pos: d.pos(n)}
	d.fields(n, "resource", map[string]func(*yaml.Node){
		"group":            d.setStr(&r.Group, &r.GroupPos, "group"),
		"kind":             d.setStr(&r.Kind, &r.KindPos, "kind"),
		"specKind":         d.setStr(&r.SpecKind, &r.SpecKindPos, "specKind"),
		"versions":         func(v *yaml.Node) { d.versions(v, &r) },
		"hub":              d.setStr(&r.Hub, &r.HubPos, "hub"),
		"extensions":       func(v *yaml.Node) { d.list(v, "extensions", func(e *yaml.Node) { d.extension(e, &r) }) },
		"exportSecrets":    func(v *yaml.Node) { r.ExportSecrets = d.secretExport(v) },
		"exportConfigMaps": func(v *yaml.Node) { r.ExportConfigMaps = d.configMapExport(v) },
	})
	d.required(n, r.GroupPos, "group", "resource")
	d.required(n, r.KindPos, "kind", "resource")
	d.required(n, r.VersionsPos, "versions", "resource")
	if r.KindPos.Line > 0 {
		d.checkName(r.KindPos, r.Kind, kindName, "kind", "an exported Go identifier such as PrivateEndpoint")
	}
	if r.SpecKindPos.Line > 0 {
		d.checkName(r.SpecKindPos, r.SpecKind, specKindName, "specKind",
			"the kind the spec's resource type gives, an exported Go identifier such as Namespace, optionally after its parent's kind (HybridConnection/AuthorizationRule)")
	}
	return r
}

func (d *decoder) versions(n *yaml.Node, r *Resource) {
	r.VersionsPos = d.pos(n)
	d.list(n, "versions", func(v *yaml.Node) {
		s, ok := d.str(v, "version")
		if !ok {
			return
		}
		if !apiVersion.MatchString(s) {
			d.errorf(v, "version %q is not an ARM api-version (like 2022-07-01 or 2023-05-02-preview)", s)
			return
		}
		if i := index(r.Versions, s); i >= 0 {
			d.errorf(v, "version %q is listed twice for %s (first at line %d)", s, r.Kind, r.VersionPos[i].Line)
			return
		}
		r.Versions = append(r.Versions, s)
		r.VersionPos = append(r.VersionPos, d.pos(v))
	})
	if n.Kind == yaml.SequenceNode && len(n.Content) == 0 {
		d.errorf(n, "versions must list at least one api-version")
	}
}

func (d *decoder) extension(n *yaml.Node, r *Resource) {
	if s, ok := d.str(n, "extension"); ok {
		r.Extensions = append(r.Extensions, Extension{Name: s, Pos: d.pos(n)})
	}
}

func (d *decoder) directive(n *yaml.Node) Directive {
	dir := Directive{Pos: d.pos(n)}
	var matchPos, actionPos, toPos diag.Pos
	d.fields(n, "directive", map[string]func(*yaml.Node){
		"match":  d.setStr(&dir.Match, &matchPos, "match"),
		"action": d.setStr(&dir.Action, &actionPos, "action"),
		"to":     d.setStr(&dir.To, &toPos, "to"),
	})
	d.checkRename(dir, actionPos, toPos)
	d.required(n, matchPos, "match", "directive")
	d.required(n, actionPos, "action", "directive")
	if matchPos.Line > 0 && !directiveMatch.MatchString(dir.Match) {
		d.errs.Add(matchPos, "match %q must look like \"<group>/<version>:<Definition>\" or \"<group>/<version>:<Definition>.<property>...\"", dir.Match)
	}
	if IsPropertyMark(dir.Action) && matchPos.Line > 0 && !strings.Contains(dir.Match[strings.Index(dir.Match, ":")+1:], ".") {
		d.errs.Add(actionPos, "action %q marks a property: match must name one (\"<group>/<version>:<Definition>.<property>\"), not %q", dir.Action, dir.Match)
	}
	if actionPos.Line > 0 && !validAction(dir.Action) {
		d.errs.Add(actionPos, "unknown action %q (valid: %s, %s, %s, %s, %s, %s, %s)", dir.Action,
			ActionOpaque, ActionPrune, ActionReference, ActionSecret, ActionARMID, ActionRename, ActionConfigInput)
	}
	return dir
}

// checkRename requires `to` (an exported Go identifier) with action rename, and only there.
func (d *decoder) checkRename(dir Directive, actionPos, toPos diag.Pos) {
	switch {
	case dir.Action == ActionRename && toPos.Line == 0 && actionPos.Line > 0:
		d.errs.Add(actionPos, "action rename needs `to`: the property's new Go name, such as MinimumTLSVersion")
	case dir.Action != ActionRename && toPos.Line > 0:
		d.errs.Add(toPos, "`to` belongs to action rename, not %q", dir.Action)
	case toPos.Line > 0:
		d.checkName(toPos, dir.To, kindName, "to", "an exported Go identifier such as MinimumTLSVersion")
	}
}

func validAction(a string) bool {
	switch a {
	case ActionOpaque, ActionReference, ActionPrune, ActionSecret, ActionARMID, ActionRename, ActionConfigInput:
		return true
	}
	return false
}

// IsPropertyMark reports whether an action marks what a property holds (secret, ARM ID, config
// input) rather than choosing its type; only a property path can be marked.
func IsPropertyMark(action string) bool {
	return action == ActionSecret || action == ActionARMID || action == ActionRename || action == ActionConfigInput
}

// required reports a missing key of a mapping entry (set is the zero Pos when absent).
func (d *decoder) required(n *yaml.Node, set diag.Pos, key, what string) {
	if set.Line == 0 && n.Kind == yaml.MappingNode {
		d.errorf(n, "%s is missing key %q", what, key)
	}
}

func index(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
