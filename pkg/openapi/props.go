package openapi

import (
	"slices"
	"strconv"

	"github.com/asogen/asogen/pkg/astmodel"
)

// properties types raw properties for one side, flattening x-ms-client-flatten containers. Go names
// are made unique: direct properties keep theirs, a flattened one that collides is prefixed with
// its container's name, and any remaining clash gets a number.
func (p *pkgBuilder) properties(raw []rawProp, sd side, base string) []astmodel.Property {
	var direct, flat []astmodel.Property
	for _, rp := range raw {
		if inner, ok := p.flatten(rp, sd, base); ok {
			flat = append(flat, inner...)
			continue
		}
		if prop, ok := p.property(rp, sd, base); ok {
			direct = append(direct, prop)
		}
	}
	return uniqueNames(direct, flat)
}

func flag(n node, ext string) bool {
	v, _ := n.s.Extensions.GetBool(ext)
	return v
}

// flatten lifts the properties of an x-ms-client-flatten object into its parent; ok is false
// when rp is not flattened (then it is an ordinary property).
func (p *pkgBuilder) flatten(rp rawProp, sd side, base string) ([]astmodel.Property, bool) {
	if !flag(rp.n, "x-ms-client-flatten") || p.dirs.has(p.group, p.version, rp.path+"."+rp.json) {
		return nil, false
	}
	if rp.n.s.ReadOnly && sd == specSide {
		return nil, true
	}
	rn, err := p.load.resolve(rp.n)
	if err != nil {
		p.refFailed(rp.n, err, rp.path+"."+rp.json)
		return nil, true
	}
	if (len(rn.s.Properties) == 0 && len(rn.s.AllOf) == 0) || p.flattening[rn.key()] {
		return nil, false // nothing to lift, or a recursive flatten: keep it a nested object
	}
	if p.overLiftBudget(rp) {
		return nil, true
	}
	p.flattening[rn.key()] = true
	defer delete(p.flattening, rn.key())
	sub, _, ok := p.collect(rn, orPointer(definitionName(rn), rp.path+"."+rp.json))
	if !ok {
		return nil, true
	}
	inner := p.properties(sub, sd, base)
	for i, prop := range inner {
		inner[i].ARMPath = append([]string{rp.json}, prop.ARMJSONPath()...)
	}
	p.lifted += len(inner)
	return inner, true
}

// maxLifted bounds how many properties x-ms-client-flatten may lift in one package (counted at
// every level they pass). An object whose properties flatten the same object again grows
// exponentially with the nesting depth, so without a bound a spec of a few hundred bytes could
// exhaust time and memory; the real corpus lifts at most 70 in a package.
const maxLifted = 20000

// overLiftBudget reports, once per package, a flatten that exceeds maxLifted.
func (p *pkgBuilder) overLiftBudget(rp rawProp) bool {
	if p.lifted <= maxLifted {
		return false
	}
	if !p.overLifted {
		p.overLifted = true
		p.errs.Add(p.load.position(rp.n.doc, rp.n.ptr), "x-ms-client-flatten of %s.%s lifts more than %d properties in %s %s: "+
			"the flattened objects nest too deep or too often; mark one with a directive (opaque or prune)",
			rp.path, rp.json, maxLifted, p.group, p.version)
	}
	return true
}

// property types one property for a side; ok is false when the side does not hold it.
func (p *pkgBuilder) property(rp rawProp, sd side, base string) (astmodel.Property, bool) {
	if rp.n.s.ReadOnly && sd == specSide {
		return astmodel.Property{}, false
	}
	if sd == specSide && p.isIdentityMap(rp) {
		return p.identityList(rp), true
	}
	name := p.goNames.goName(rp.json)
	t, ref, keep := p.typeOf(rp.n, sd, base+"_"+name, rp.path+"."+rp.json)
	if !keep {
		return astmodel.Property{}, false
	}
	m := p.marksOf(rp)
	prop := astmodel.Property{
		Name: name, JSONName: rp.json, Type: t, Reference: ref,
		Required:    rp.required && sd == specSide,
		Secret:      m.secret,
		Description: firstSentence(rp.n.s.Description),
	}
	if ref { // an embedded resource is already a reference
		return prop, true
	}
	return p.applyMarks(prop, m, rp, sd)
}

// uniqueNames joins direct and flattened properties with unique Go names.
func uniqueNames(direct, flat []astmodel.Property) []astmodel.Property {
	names := nameSet{}
	out := make([]astmodel.Property, 0, len(direct)+len(flat))
	for _, prop := range direct {
		out = append(out, names.add(prop))
	}
	for _, prop := range flat {
		out = append(out, names.add(prop))
	}
	return slices.Clip(out)
}

// nameSet hands out unique property Go names.
type nameSet map[string]bool

// add returns prop with a name not yet used: a flattened property that collides is prefixed with
// its container's name, and any remaining clash gets a number. A renamed property gets a matching
// Kubernetes JSON name, and its ARMPath keeps the ARM JSON name.
func (ns nameSet) add(prop astmodel.Property) astmodel.Property {
	if !ns[prop.Name] {
		ns[prop.Name] = true
		return prop
	}
	// Renamed: the Kubernetes JSON name follows the Go name, the ARM path keeps the spec's name.
	prop.ARMPath = prop.ARMJSONPath()
	if prop.IsFlattened() {
		prop.Name = astmodel.GoName(prop.ARMPath[0]) + prop.Name
	}
	base := prop.Name
	for i := 2; ns[prop.Name]; i++ {
		prop.Name = base + strconv.Itoa(i)
	}
	ns[prop.Name] = true
	prop.JSONName = lowerFirst(prop.Name)
	return prop
}

// withReserved renames props that collide with the reserved extra properties, then joins them.
func withReserved(extra, props []astmodel.Property) []astmodel.Property {
	names := nameSet{}
	out := make([]astmodel.Property, 0, len(extra)+len(props))
	for _, prop := range extra {
		out = append(out, names.add(prop))
	}
	for _, prop := range props {
		out = append(out, names.add(prop))
	}
	return out
}
