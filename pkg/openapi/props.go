package openapi

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/naming"
)

// properties types raw properties for one side, flattening x-ms-client-flatten containers. Go names
// are made unique: direct properties keep theirs, a flattened one that collides is prefixed with
// its container's name, and any remaining clash gets a number.
func (p *pkgBuilder) properties(raw []rawProp, sd side, base string) []astmodel.Property {
	from := len(p.renames)
	var direct, flat []astmodel.Property
	for _, rp := range raw {
		if inner, ok := p.flatten(rp, sd, base); ok {
			flat = append(flat, inner...)
			continue
		}
		if prop, ok := p.property(rp, sd, base); ok {
			direct = append(direct, prop)
			if prop.ConfigInput != astmodel.NotConfigInput {
				direct = append(direct, fromConfig(prop))
			}
		}
	}
	out := uniqueNames(direct, flat)
	p.checkRenames(slices.Concat(direct, flat), out, from)
	return out
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
	if sd == specSide && p.readOnly(rp.n) {
		return nil, true
	}
	rn, err := p.resolve(rp.n)
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
	if sd == specSide && p.readOnly(rp.n) {
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
	if !naming.IsJSONTagName(rp.json) {
		p.badJSONName(rp)
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
	if sd == specSide {
		prop.Validation = p.validation(rp.n)
	}
	marked, ok := p.applyMarks(prop, m, rp, sd)
	if marked.Type != prop.Type { // a secret or a reference: the string's rules no longer apply
		marked.Validation = nil
	}
	if m.rename != nil && ok {
		marked = p.renamed(marked, m.rename)
	}
	if m.configInput && sd == specSide && ok {
		marked = p.asConfigInput(marked, rp)
	}
	return marked, ok
}

// renamed gives prop the directive's Go name and the matching Kubernetes JSON name; ARM keeps the
// spec's name. properties checks that the new name is the object's only one.
func (p *pkgBuilder) renamed(prop astmodel.Property, dir *config.Directive) astmodel.Property {
	prop.ARMPath = prop.ARMJSONPath()
	prop.Name, prop.JSONName = dir.To, naming.LowerFirst(dir.To)
	p.renames = append(p.renames, *dir)
	return prop
}

// checkRenames reports a rename whose target another property of the object already has
// (before names are made unique), or that did not survive (a reserved name).
func (p *pkgBuilder) checkRenames(before, after []astmodel.Property, from int) {
	named := func(props []astmodel.Property, name string) int {
		n := 0
		for _, q := range props {
			if q.Name == name {
				n++
			}
		}
		return n
	}
	for _, dir := range p.renames[from:] {
		if named(before, dir.To) != 1 || named(after, dir.To) != 1 {
			p.errs.Add(dir.Pos, "rename to %q clashes with another property of the same object (or a name asogen reserves); choose another name", dir.To)
		}
	}
	p.renames = p.renames[:from]
}

// uniqueNames joins direct and flattened properties with unique Go names.
func uniqueNames(direct, flat []astmodel.Property) []astmodel.Property {
	names := newNameSet(len(direct)+len(flat), false)
	out := make([]astmodel.Property, 0, len(direct)+len(flat))
	for _, prop := range direct {
		out = append(out, names.add(prop))
	}
	for _, prop := range flat {
		out = append(out, names.add(prop))
	}
	return slices.Clip(out)
}

// reservedGoNames are the Go names of the fields asogen adds (Spec's AzureName and Owner,
// Status's Conditions, every storage object's PropertyBag) and of the methods generated structs
// have: no property of the spec ever takes one (withReserved, which every object passes
// through, renames it), so the fields never clash in API, storage or ARM types and the emitters
// can tell them apart by name.
var reservedGoNames = reservedSet(append([]string{"AzureName", "Owner", "Conditions", astmodel.PropertyBagName}, astmodel.MethodNames...))

func reservedSet(names []string) map[string]bool {
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	return set
}

// nameSet hands out unique property Go names and Kubernetes JSON names in one object; with
// reserved set, the reservedGoNames count as taken.
type nameSet struct {
	goNames, jsonNames map[string]bool
	reserved           bool
}

func newNameSet(size int, reserved bool) nameSet {
	return nameSet{goNames: make(map[string]bool, size), jsonNames: make(map[string]bool, size), reserved: reserved}
}

// goTaken reports whether a Go name is in use or reserved.
func (ns nameSet) goTaken(name string) bool {
	return ns.goNames[name] || (ns.reserved && reservedGoNames[name])
}

// add returns prop with a Go name not yet used: a flattened property that collides is prefixed
// with its container's name, and any remaining clash gets a number. The JSON name stays the
// spec's; only when another property of the object already has it (two flattened containers,
// or a container and the object itself, holding one name) does the Kubernetes JSON name follow
// the new Go name. The ARM path always keeps the spec's names.
func (ns nameSet) add(prop astmodel.Property) astmodel.Property {
	if ns.goTaken(prop.Name) || ns.jsonNames[prop.JSONName] {
		prop.ARMPath = prop.ARMJSONPath()
		if prop.IsFlattened() {
			prop.Name = naming.GoName(prop.ARMPath[0]) + prop.Name
		}
		prop.Name = naming.FreeName(prop.Name, ns.goTaken)
		if ns.jsonNames[prop.JSONName] {
			prop.JSONName = naming.FreeName(naming.LowerFirst(prop.Name), func(n string) bool { return ns.jsonNames[n] })
		}
	}
	ns.goNames[prop.Name] = true
	ns.jsonNames[prop.JSONName] = true
	return prop
}

// withReserved joins the reserved extra properties and props, which never take a reserved Go
// name (reservedGoNames); a prop whose JSON name is an extra's (a flattened one: direct ones are
// refused by reservedClash) gets another.
func withReserved(extra, props []astmodel.Property) []astmodel.Property {
	names := newNameSet(len(extra)+len(props), true)
	out := make([]astmodel.Property, 0, len(extra)+len(props))
	for _, prop := range extra { // the reserved fields themselves, as they are
		names.jsonNames[prop.JSONName] = true
		out = append(out, prop)
	}
	for _, prop := range props {
		out = append(out, names.add(prop))
	}
	return out
}

// reservedClash reports, at the property, every raw property of a resource's Spec or Status
// whose JSON name is that of a field asogen adds (azureName, owner, conditions): keeping both
// would rename one of them in the CRD. A prune directive settles it; the pruned property is kept
// in raw so that the directive counts as used.
func (p *pkgBuilder) reservedClash(raw []rawProp, extra []astmodel.Property) {
	for _, rp := range raw {
		for _, e := range extra {
			if rp.json != e.JSONName || p.dirs.action(p.group, p.version, rp.path+"."+rp.json) == config.ActionPrune {
				continue
			}
			p.errs.Add(p.load.position(rp.n.doc, rp.n.ptr), "property %q of %s/%s %s has the JSON name of the field %s that asogen "+
				"adds to every resource, so one of them would have to be renamed in the CRD; drop the spec's property:\n%s",
				rp.json, p.group, p.version, rp.path, e.Name, pruneDirective(p.group, p.version, rp.path+"."+rp.json))
		}
	}
}

// pruneDirective renders the config YAML that drops a property.
func pruneDirective(group, version, path string) string {
	return fmt.Sprintf("directives:\n  - match: %s\n    action: prune", strconv.Quote(group+"/"+version+":"+path))
}

// badJSONName reports, once per property (Spec and Status both build it), a JSON name no struct
// tag can carry, with the directive that drops the property.
func (p *pkgBuilder) badJSONName(rp rawProp) {
	if p.reported[rp.n.key()] {
		return
	}
	p.reported[rp.n.key()] = true
	p.errs.Add(p.load.position(rp.n.doc, rp.n.ptr), "property name %s of %s/%s %s cannot be a Go struct tag's JSON name "+
		"(encoding/json takes letters, digits, spaces and !#$%%&()*+-./:;<=>?@[]^_{|}~ only); drop the property:\n%s",
		strconv.Quote(rp.json), p.group, p.version, rp.path, pruneDirective(p.group, p.version, rp.path+"."+rp.json))
}
