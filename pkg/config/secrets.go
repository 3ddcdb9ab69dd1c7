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
		"values": func(v *yaml.Node) {
			valuesPos = d.pos(v)
			if v.Kind == yaml.SequenceNode && len(v.Content) == 0 {
				d.errs.Add(valuesPos, "exportSecrets values must name at least one value")
			}
			d.list(v, "values", func(item *yaml.Node) { d.exportValue(item, e) })
		},
	})
	d.required(n, valuesPos, "values", "exportSecrets")
	if e.Action != "" && !exportAction.MatchString(e.Action) {
		d.errs.Add(actionPos, "action %q must be an ARM action name such as listKeys (letters and digits)", e.Action)
	}
	return e
}

var exportAction = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*$`)

// exportValue adds one value name, checking its shape and that it is not repeated.
func (d *decoder) exportValue(n *yaml.Node, e *SecretExport) {
	s, ok := d.str(n, "value")
	if !ok {
		return
	}
	switch {
	case !exportName.MatchString(s):
		d.errorf(n, "export value %q must be a JSON property name such as primaryKey (a lower-case letter, then letters and digits)", s)
	case index(e.Values, s) >= 0:
		d.errorf(n, "export value %q is listed twice", s)
	default:
		e.Values = append(e.Values, s)
	}
}
