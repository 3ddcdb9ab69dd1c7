package openapi

import (
	"maps"
	"slices"
	"strconv"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/naming"
	spec "github.com/go-openapi/spec"
)

// side says whether a type is built for the Spec (writable properties) or the Status (everything).
type side int

const (
	specSide side = iota
	statusSide
)

func (s side) suffix() string {
	if s == statusSide {
		return naming.StatusName("")
	}
	return ""
}

func (s side) String() string {
	if s == statusSide {
		return "status"
	}
	return "spec"
}

// rawProp is a property of a definition after allOf composition, before typing.
type rawProp struct {
	json     string
	n        node
	path     string // directive path of the declaring schema, e.g. "PrivateEndpointProperties"
	required bool
}

// identityFields are the ARM identity properties a Spec never holds (AzureName and Owner replace them).
var identityFields = []string{"id", "name", "type"}

// object builds an object type; top marks a resource's own Spec or Status.
func (p *pkgBuilder) object(n node, sd side, name astmodel.TypeName, base, path string, top bool,
	extra []astmodel.Property) (*astmodel.Object, bool) {
	raw, disc, ok := p.collect(n, path)
	if !ok {
		return nil, false
	}
	if top && sd == specSide {
		raw = withoutProps(raw, identityFields...)
	}
	p.reservedClash(raw, extra)
	var oneOf *astmodel.OneOf
	var props []astmodel.Property
	if subs := p.subtypes(n, disc); len(subs) > 0 {
		props, oneOf = p.options(subs, disc, sd, top)
	} else {
		props = p.properties(raw, sd, base)
	}
	obj := astmodel.NewObject(name, firstSentence(n.s.Description), withReserved(extra, props)...)
	obj.OneOf = oneOf
	return obj, true
}

func withoutProps(raw []rawProp, names ...string) []rawProp {
	return slices.DeleteFunc(slices.Clone(raw), func(r rawProp) bool { return slices.Contains(names, r.json) })
}

// objectType returns the named object type of a schema, building it on first use. A property
// that reaches an object while that object's properties are being built (error details holding
// more error details) is free-form JSON: Go could nest the type in itself, but a CRD schema
// cannot (the API server refuses items without a type), so the cycle ends there.
func (p *pkgBuilder) objectType(n node, sd side, base, path string) (astmodel.Type, bool, bool) {
	id := n.key() + "|" + sd.String()
	if p.building[id] {
		return astmodel.JSONType, false, true
	}
	if t, ok := p.cache[id]; ok {
		return t, false, t != nil
	}
	tn := astmodel.TypeName{Package: p.ref, Name: p.claim(base+sd.suffix(), id)}
	p.cache[id] = tn
	p.building[id] = true
	obj, ok := p.object(n, sd, tn, base, path, false, nil)
	delete(p.building, id)
	if !ok || len(obj.Properties) == 0 {
		p.cache[id] = nil
		return nil, false, false
	}
	p.pkg.Add(obj)
	return tn, false, true
}

// collected is the memoized result of collect.
type collected struct {
	props []rawProp
	disc  string
	ok    bool
}

// collect gathers the properties of a schema and of its allOf parts (parts first, own last).
// Results are memoized: a definition reached through many allOf paths (a diamond) is composed
// once, so composition stays linear instead of exponential in the allOf depth.
func (p *pkgBuilder) collect(n node, path string) ([]rawProp, string, bool) {
	memo := n.key() + "|" + path
	if c, ok := p.collected[memo]; ok {
		return slices.Clone(c.props), c.disc, c.ok
	}
	props, disc, ok := p.compose(n, path)
	if !p.collecting[n.key()] { // not inside its own cycle: the result is final
		p.collected[memo] = collected{props: props, disc: disc, ok: ok}
	}
	return slices.Clone(props), disc, ok
}

// compose collects the properties of n's allOf parts and its own, detecting allOf cycles.
func (p *pkgBuilder) compose(n node, path string) ([]rawProp, string, bool) {
	key := n.key()
	if p.collecting[key] {
		p.errs.Add(p.load.position(n.doc, n.ptr), "allOf cycle: %s includes itself, so its properties never end", orPointer(path, n.ptr))
		return nil, "", false
	}
	p.collecting[key] = true
	defer delete(p.collecting, key)
	var out []rawProp
	disc := n.s.Discriminator
	for i := range n.s.AllOf {
		part := n.child(&n.s.AllOf[i], "allOf", strconv.Itoa(i))
		sub, d, ok := p.collectPart(part, path)
		if !ok {
			return nil, "", false
		}
		out = mergeProps(out, sub)
		if disc == "" {
			disc = d
		}
	}
	out = mergeProps(out, p.ownProps(n, path))
	for i := range out {
		out[i].required = out[i].required || slices.Contains(n.s.Required, out[i].json)
	}
	return out, disc, true
}

func (p *pkgBuilder) collectPart(part node, path string) ([]rawProp, string, bool) {
	rn, err := p.resolve(part)
	if err != nil {
		p.refFailed(part, err, path)
		return nil, "", false
	}
	return p.collect(rn, orPointer(definitionName(rn), path))
}

func orPointer(name, ptr string) string {
	if name != "" {
		return name
	}
	return ptr
}

// ownProps lists the schema's own properties sorted by JSON name.
func (p *pkgBuilder) ownProps(n node, path string) []rawProp {
	names := make([]string, 0, len(n.s.Properties))
	for k := range n.s.Properties {
		names = append(names, k)
	}
	slices.Sort(names)
	out := make([]rawProp, 0, len(names))
	props := p.propSchemas(n.s)
	for _, k := range names {
		out = append(out, rawProp{json: k, n: n.child(props[k], "properties", k), path: path,
			required: slices.Contains(n.s.Required, k)})
	}
	return out
}

// propSchemas returns the schemas of s's properties, each at a fixed address. Map values have
// none, and copying a schema for every use was a quarter of the builder's allocations.
func (p *pkgBuilder) propSchemas(s *spec.Schema) map[string]*spec.Schema {
	if props, ok := p.props[s]; ok {
		return props
	}
	props := make(map[string]*spec.Schema, len(s.Properties))
	for name, prop := range s.Properties {
		props[name] = &prop
	}
	p.props[s] = props
	return props
}

// mergeProps adds props to out, replacing any of the same JSON name.
func mergeProps(out, props []rawProp) []rawProp {
	for _, rp := range props {
		i := slices.IndexFunc(out, func(o rawProp) bool { return o.json == rp.json })
		if i >= 0 {
			out[i] = rp
		} else {
			out = append(out, rp)
		}
	}
	return out
}

// subtype is a definition that extends a discriminated base (x-ms-discriminator-value).
type subtype struct {
	name, value string
	n           node
}

// subtypes finds the definitions whose allOf names the base, in the package's files.
func (p *pkgBuilder) subtypes(base node, disc string) []subtype {
	if disc == "" {
		return nil
	}
	key := base.key()
	if subs, ok := p.subtypeCache[key]; ok {
		return subs
	}
	var subs []subtype
	docs := p.files
	if !slices.ContainsFunc(docs, func(d *document) bool { return d.path == base.doc.path }) {
		docs = append(slices.Clone(docs), base.doc)
	}
	for _, d := range docs {
		subs = append(subs, subtypesIn(d, key)...)
	}
	p.subtypeCache[key] = subs
	return subs
}

func subtypesIn(d *document, baseKey string) []subtype {
	var out []subtype
	for _, name := range slices.Sorted(maps.Keys(d.defs)) {
		def := d.defs[name]
		n := node{s: def, doc: d, ptr: "/definitions/" + escape(name)}
		for i := range def.AllOf {
			part := n.child(&def.AllOf[i], "allOf", strconv.Itoa(i))
			if file, ptr := target(part); part.refString() != "" && file+"#"+ptr == baseKey {
				value, ok := def.Extensions.GetString("x-ms-discriminator-value")
				if !ok {
					value = name
				}
				out = append(out, subtype{name: name, value: value, n: n})
			}
		}
	}
	return out
}

// options builds one option property per subtype of a discriminated union.
func (p *pkgBuilder) options(subs []subtype, disc string, sd side, top bool) ([]astmodel.Property, *astmodel.OneOf) {
	oneOf := &astmodel.OneOf{Discriminator: disc, Values: map[string]string{}}
	var props []astmodel.Property
	for _, st := range subs {
		raw, _, ok := p.collect(st.n, st.name)
		if !ok || p.optionCollides(oneOf, st) {
			continue
		}
		raw = withoutProps(raw, disc)
		if top && sd == specSide {
			raw = withoutProps(raw, identityFields...)
		}
		base := p.goNames.goName(st.name)
		tn := astmodel.TypeName{Package: p.ref, Name: p.claim(base+sd.suffix(), st.n.key()+"|option|"+sd.String())}
		p.pkg.Add(astmodel.NewObject(tn, firstSentence(st.n.s.Description), p.properties(raw, sd, base)...))
		opt := p.goNames.goName(st.value)
		oneOf.Values[opt] = st.value
		props = append(props, astmodel.Property{Name: opt, JSONName: naming.LowerFirst(opt), Type: tn,
			Description: "Set when " + disc + " is " + strconv.Quote(st.value) + "."})
	}
	return props, oneOf
}

// optionCollides reports (as a positioned error) a subtype whose discriminator value names the
// same option as an earlier one: the same value, or one differing only where Go names do not
// ("Round" and "round").
func (p *pkgBuilder) optionCollides(oneOf *astmodel.OneOf, st subtype) bool {
	earlier, ok := oneOf.Values[p.goNames.goName(st.value)]
	if !ok {
		return false
	}
	ptr := st.n.ptr
	if _, set := st.n.s.Extensions.GetString("x-ms-discriminator-value"); set {
		ptr += "/x-ms-discriminator-value"
	}
	p.errs.Add(p.load.position(st.n.doc, ptr), "discriminator value %q of %s collides with %q of another subtype of the same union: "+
		"both name the option %s (give them distinct values)",
		st.value, st.name, earlier, p.goNames.goName(st.value))
	return true
}
