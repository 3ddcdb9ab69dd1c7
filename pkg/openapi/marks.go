package openapi

import (
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/naming"
)

// marks say what a property holds beyond its JSON type: a secret, or the ARM ID of another resource.
type marks struct {
	secret, armID bool
	configInput   bool              // a configInput directive: may be read from a ConfigMap
	configured    bool              // set by a config directive: a mark that cannot apply is an error
	rename        *config.Directive // a rename directive naming the property
}

// marksOf reads the marks from the spec (x-ms-secret, format: password, format: arm-id,
// x-ms-arm-id-details) and from a config directive naming the property.
func (p *pkgBuilder) marksOf(rp rawProp) marks {
	m := marks{secret: p.isSecret(rp.n), armID: p.isARMID(rp.n)}
	if !p.dirs.marks {
		return m
	}
	dir := p.dirs.lookupDirective(p.group, p.version, rp.path+"."+rp.json)
	switch {
	case dir == nil:
	case dir.Action == config.ActionSecret:
		m.secret, m.configured = true, true
	case dir.Action == config.ActionARMID:
		m.armID, m.configured = true, true
	case dir.Action == config.ActionRename:
		m.rename = dir
	case dir.Action == config.ActionConfigInput:
		m.configInput, m.configured = true, true
	}
	return m
}

// asConfigInput makes a Spec string property a config input: optional in itself, with its
// requiredness moving to the pair it forms with its ...FromConfig sibling (see fromConfig). A
// configInput directive on anything but a string is an error.
func (p *pkgBuilder) asConfigInput(prop astmodel.Property, rp rawProp) astmodel.Property {
	if prop.Type != astmodel.StringType {
		p.errs.Add(p.load.position(rp.n.doc, rp.n.ptr), "directive marks %s.%s as a config input, but it is not a string; "+
			"only string properties can be read from a ConfigMap", rp.path, rp.json)
		return prop
	}
	prop.ConfigInput = astmodel.ConfigInputOptional
	if prop.Required {
		prop.ConfigInput, prop.Required = astmodel.ConfigInputRequired, false
	}
	return prop
}

// fromConfig is the ...FromConfig sibling of a config input: the ConfigMap key to read it from.
// It is never sent to Azure.
func fromConfig(prop astmodel.Property) astmodel.Property {
	return astmodel.Property{Name: prop.Name + astmodel.FromConfigSuffix, JSONName: prop.JSONName + astmodel.FromConfigSuffix,
		Type: astmodel.ConfigMapReferenceType, Description: "Where to read " + prop.JSONName + " from instead: a key of a ConfigMap in the resource's namespace."}
}

// isSecret reports x-ms-secret or format: password on the property or the schema it names.
func (p *pkgBuilder) isSecret(n node) bool {
	return p.either(n, func(x node) bool { return flag(x, "x-ms-secret") || x.s.Format == "password" })
}

// isARMID reports format: arm-id or x-ms-arm-id-details on the property, the schema it names or,
// for an array, its items.
func (p *pkgBuilder) isARMID(n node) bool {
	armID := func(x node) bool {
		_, details := x.s.Extensions["x-ms-arm-id-details"]
		return x.s.Format == "arm-id" || details
	}
	if p.either(n, armID) {
		return true
	}
	return n.s.Items != nil && n.s.Items.Schema != nil && p.either(n.child(n.s.Items.Schema, "items"), armID)
}

// either reports whether test holds for n or for the schema its $ref names.
func (p *pkgBuilder) either(n node, test func(node) bool) bool {
	if test(n) {
		return true
	}
	if n.refString() == "" {
		return false
	}
	rn, err := p.resolve(n)
	return err == nil && test(rn)
}

// applyMarks turns a marked string property into a reference for the Spec: a secret becomes a
// genruntime.SecretReference, an ARM ID a genruntime.ResourceReference named ...Reference (its ARM
// path keeps the spec's name). The Status never holds a secret (ok is false) and keeps ARM IDs as
// strings. A mark on anything but a string (or, for ARM IDs, a list or map of strings) is an error.
func (p *pkgBuilder) applyMarks(prop astmodel.Property, m marks, rp rawProp, sd side) (astmodel.Property, bool) {
	switch {
	case m.secret && sd == statusSide:
		return prop, false
	case m.secret:
		return p.markedType(prop, rp, m, "secret", astmodel.SecretReferenceType, false), true
	case m.armID && sd == specSide:
		return p.asReference(prop, rp, m)
	}
	return prop, true
}

// asReference makes an ARM ID property a reference named ...Reference (...References for lists).
func (p *pkgBuilder) asReference(prop astmodel.Property, rp rawProp, m marks) (astmodel.Property, bool) {
	typ := prop.Type
	prop = p.markedType(prop, rp, m, "ARM ID", astmodel.ResourceReferenceType, true)
	if prop.Type == typ {
		return prop, true
	}
	prop.ARMPath = prop.ARMJSONPath()
	suffix := "Reference"
	if _, list := prop.Type.(*astmodel.ArrayType); list {
		suffix = "References"
	}
	prop.Name = referenceName(prop.Name) + suffix
	prop.JSONName = naming.LowerFirst(prop.Name)
	return prop, true
}

// referenceName drops an ID suffix: VnetSubnetID → VnetSubnet, KeyVaultIds → KeyVault. A
// property named only ID (Ids) drops it too, so it becomes Reference (References), as in ASO.
func referenceName(name string) string {
	for _, s := range []string{"IDs", "Ids", "ID", "Id"} {
		if trimmed, ok := strings.CutSuffix(name, s); ok {
			return trimmed
		}
	}
	return name
}

// markedType replaces the property's string type (inside lists and maps when collections is
// set) by t. Anything else is kept unchanged: silently when the spec marked it (a few specs mark
// objects), as an error when the config did.
func (p *pkgBuilder) markedType(prop astmodel.Property, rp rawProp, m marks, what string, t astmodel.Type, collections bool) astmodel.Property {
	replaced, ok := replaceString(prop.Type, t, collections)
	if ok {
		return prop.WithType(replaced)
	}
	if m.configured {
		p.errs.Add(p.load.position(rp.n.doc, rp.n.ptr), "directive marks %s.%s as %s, but it is not a string; "+
			"only string properties can be marked", rp.path, rp.json, what)
	}
	return prop
}

func replaceString(typ, t astmodel.Type, collections bool) (astmodel.Type, bool) {
	switch c := typ.(type) {
	case *astmodel.ArrayType:
		elem, ok := replaceString(c.Elem, t, false)
		return &astmodel.ArrayType{Elem: elem}, ok && collections
	case *astmodel.MapType:
		value, ok := replaceString(c.Value, t, false)
		return &astmodel.MapType{Value: value}, ok && collections
	}
	return t, typ == astmodel.StringType
}
