package config

import (
	"regexp"

	"gopkg.in/yaml.v3"

	"github.com/asogen/asogen/pkg/diag"
)

// exportName is the shape of an export name: a JSON property name such as primaryKey.
var exportName = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)

// secretExport decodes a resource's exportSecrets: an optional ARM action and the value names.
func (d *decoder) secretExport(n *yaml.Node) *SecretExport {
	e := &SecretExport{Pos: d.pos(n)}
	var actionPos, valuesPos diag.Pos
	d.fields(n, "exportSecrets", map[string]func(*yaml.Node){
		"action": d.setStr(&e.Action, &actionPos, "action"),
		"values": d.exportValues("exportSecrets", &valuesPos, &e.Values, nil),
	})
	d.required(n, valuesPos, "values", "exportSecrets")
	if e.Action != "" && !exportAction.MatchString(e.Action) {
		d.errs.Add(actionPos, "action %q must be an ARM action name such as listKeys (letters and digits)", e.Action)
	}
	return e
}

var exportAction = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*$`)

// configMapExport decodes a resource's exportConfigMaps: the Status properties it can export.
func (d *decoder) configMapExport(n *yaml.Node) *ConfigMapExport {
	e := &ConfigMapExport{Pos: d.pos(n)}
	var valuesPos diag.Pos
	d.fields(n, "exportConfigMaps", map[string]func(*yaml.Node){
		"values": d.exportValues("exportConfigMaps", &valuesPos, &e.Values, &e.ValuePos),
	})
	d.required(n, valuesPos, "values", "exportConfigMaps")
	return e
}

// exportValues decodes the values list of an export key (at least one name); positions, when
// not nil, gets the position of each value kept.
func (d *decoder) exportValues(key string, pos *diag.Pos, values *[]string, positions *[]diag.Pos) func(*yaml.Node) {
	return func(v *yaml.Node) {
		*pos = d.pos(v)
		if v.Kind == yaml.SequenceNode && len(v.Content) == 0 {
			d.errs.Add(*pos, "%s values must name at least one value", key)
		}
		d.list(v, "values", func(item *yaml.Node) {
			if d.exportValue(item, values) && positions != nil {
				*positions = append(*positions, d.pos(item))
			}
		})
	}
}

// exportValue adds one value name, checking its shape and that it is not repeated.
func (d *decoder) exportValue(n *yaml.Node, values *[]string) bool {
	s, ok := d.str(n, "value")
	if !ok {
		return false
	}
	switch {
	case !exportName.MatchString(s):
		d.errorf(n, "export value %q must be a JSON property name such as primaryKey (a lower-case letter, then letters and digits)", s)
	case index(*values, s) >= 0:
		d.errorf(n, "export value %q is listed twice", s)
	default:
		*values = append(*values, s)
		return true
	}
	return false
}
