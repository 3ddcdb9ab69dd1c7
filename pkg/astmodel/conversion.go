package astmodel

import "fmt"

// ConversionPlan is how the resources of a package convert to and from their kinds' hubs: which
// object pairs convert, which property converts to which, and which travel in the hub's property
// bag. Every package but a kind's hub has one (Package.Conversions); codegen's conversionPlans
// stage makes it (PlanConversions) and the emitters print it.
type ConversionPlan struct {
	Resources map[string]*ResourceConversion // by kind: the resources whose hub is another package
	Objects   map[ObjectPair]*ObjectConversion
}

// ObjectPair names an object of the package and the hub object it converts to and from.
type ObjectPair struct {
	Source string // the object's name in the package
	Hub    TypeName
}

// ResourceConversion is the conversion of one resource to its kind's hub resource.
type ResourceConversion struct {
	Hub          *Resource
	Spec, Status *ObjectConversion
	// Objects are the pairs whose conversion methods this resource's conversion file holds: the
	// pairs its spec and status reach that no resource before it (by kind) reached, in printing
	// order (spec, status, then breadth first in property order).
	Objects []*ObjectConversion
}

// ObjectConversion converts an object of the package to and from a hub object, property by
// property (AssignProperties_To_<Suffix> and AssignProperties_From_<Suffix>).
type ObjectConversion struct {
	Source, Hub *Object
	// Suffix names the methods: the hub object's name, with the hub's version when the source
	// already converts to a same-named object of another hub (two kinds sharing an object but not
	// their hub).
	Suffix     string
	Properties []PropertyConversion // one per property of the source, its property bag aside, in order
	HubOnly    []*Property          // the hub's properties the source has no counterpart for (bag aside)
}

// PropertyConversion is what becomes of one source property.
type PropertyConversion struct {
	Source *Property
	Hub    *Property // the counterpart: the hub property of the same JSON name; nil when none
	// Convert is set when the property converts to its counterpart (compatible types: the same
	// scalar, an enum and a string, objects of a pair, collections of those); otherwise it travels
	// in the hub's property bag, and a counterpart is left zero.
	Convert bool
}

// Bagged lists the Go names of the source properties that travel in the hub's property bag.
func (c *ObjectConversion) Bagged() []string {
	var names []string
	for _, pc := range c.Properties {
		if !pc.Convert {
			names = append(names, pc.Source.Name)
		}
	}
	return names
}

// IsEnum reports whether t names an enum of the model.
func (m *Model) IsEnum(t Type) bool {
	n, ok := t.(TypeName)
	if !ok {
		return false
	}
	d, _ := m.Lookup(n)
	_, isEnum := d.(*Enum)
	return isEnum
}

// PlanConversions returns the conversion plan of the package p of m: every resource whose
// kind's hub is another package, in kind order (a pair belongs to the first resource reaching it).
func (m *Model) PlanConversions(p *Package) (*ConversionPlan, error) {
	pl := &planner{m: m, p: p, taken: map[string]ObjectPair{},
		plan: &ConversionPlan{Resources: map[string]*ResourceConversion{}, Objects: map[ObjectPair]*ObjectConversion{}}}
	for _, r := range p.Resources() {
		k, ok := m.Kind(p.Ref.Group, r.Kind())
		if !ok || k.Hub == p.Ref { // a resource without a kind: emission reports it
			continue
		}
		if err := pl.resource(r, k); err != nil {
			return nil, err
		}
	}
	return pl.plan, nil
}

// planner plans the conversions of one package.
type planner struct {
	m     *Model
	p     *Package
	hub   *Package // the hub package of the resource being planned
	plan  *ConversionPlan
	taken map[string]ObjectPair // "<source>/<suffix>" → the pair whose methods have the name
	queue []*ObjectConversion
	rc    *ResourceConversion
}

// resource plans the conversion of r to the hub of its kind k.
func (pl *planner) resource(r *Resource, k *Kind) error {
	hub, ok := pl.m.Packages[k.Hub]
	if !ok {
		return fmt.Errorf("%s: hub package %s of %s is missing", pl.p.Ref, k.Hub, k.Name)
	}
	hubRes, ok := hub.Definitions[k.Name].(*Resource)
	if !ok {
		return fmt.Errorf("%s: hub package %s has no resource %s", pl.p.Ref, k.Hub, k.Name)
	}
	spec, okSpec := pl.p.Object(r.Spec.Name)
	status, okStatus := pl.p.Object(r.Status.Name)
	if !okSpec || !okStatus { // emission reports it
		return nil
	}
	pl.hub, pl.rc = hub, &ResourceConversion{Hub: hubRes}
	var err error
	if pl.rc.Spec, err = pl.pair(spec, hubRes.Spec); err != nil {
		return err
	}
	if pl.rc.Status, err = pl.pair(status, hubRes.Status); err != nil {
		return err
	}
	for len(pl.queue) > 0 {
		next := pl.queue[0]
		pl.queue = pl.queue[1:]
		pl.properties(next)
	}
	pl.plan.Resources[r.Kind()] = pl.rc
	return nil
}

// pair returns the conversion between src and the named hub object, planned once per package:
// a new pair is named, queued and given to the resource being planned.
func (pl *planner) pair(src *Object, hubName TypeName) (*ObjectConversion, error) {
	hubObj, ok := pl.hub.Object(hubName.Name)
	if !ok || hubName.Package != pl.hub.Ref {
		return nil, fmt.Errorf("%s: %s converts to %s, which is not an object of the hub", pl.p.Ref, src.Name.Name, hubName)
	}
	key := ObjectPair{Source: src.Name.Name, Hub: hubName}
	if c, done := pl.plan.Objects[key]; done {
		return c, nil
	}
	suffix := hubName.Name
	if other, taken := pl.taken[key.Source+"/"+suffix]; taken && other != key {
		suffix += "_" + hubName.Package.KubeVersion()
	}
	pl.taken[key.Source+"/"+suffix] = key
	c := &ObjectConversion{Source: src, Hub: hubObj, Suffix: suffix}
	pl.plan.Objects[key] = c
	pl.rc.Objects = append(pl.rc.Objects, c)
	pl.queue = append(pl.queue, c)
	return c, nil
}

// properties plans each property of a pair, and queues the object pairs the converted ones reach.
func (pl *planner) properties(c *ObjectConversion) {
	c.Properties = make([]PropertyConversion, 0, len(c.Source.Properties))
	for i := range c.Source.Properties {
		sp := &c.Source.Properties[i]
		if sp.Name == PropertyBagName {
			continue
		}
		hp := counterpart(c.Hub, sp)
		pc := PropertyConversion{Source: sp, Hub: hp, Convert: hp != nil && pl.compatible(sp.Type, hp.Type)}
		if pc.Convert {
			pl.reach(sp.Type, hp.Type)
		}
		c.Properties = append(c.Properties, pc)
	}
	for i := range c.Hub.Properties {
		h := &c.Hub.Properties[i]
		if h.Name != PropertyBagName && counterpart(c.Source, h) == nil {
			c.HubOnly = append(c.HubOnly, h)
		}
	}
}

// reach queues the pairs at the core of compatible types s and h (through arrays and maps).
func (pl *planner) reach(s, h Type) {
	switch s := s.(type) {
	case *ArrayType:
		pl.reach(s.Elem, h.(*ArrayType).Elem)
	case *MapType:
		pl.reach(s.Value, h.(*MapType).Value)
	case TypeName:
		if src, ok := pl.objectPair(s, h); ok {
			_, _ = pl.pair(src, h.(TypeName)) // compatible: the hub object exists
		}
	}
}

// counterpart is the property of o that p converts to and from: the one with p's JSON name, which
// is the spec's name in every version, while a Go name may carry a different number where the
// versions have different sets of colliding names.
func counterpart(o *Object, p *Property) *Property {
	for i := range o.Properties {
		if q := &o.Properties[i]; q.JSONName == p.JSONName && q.Name != PropertyBagName {
			return q
		}
	}
	return nil
}

// compatible reports whether a property of the package's type s converts to the hub's type h
// without loss: the same scalar, an enum and a string, objects of a pair, or arrays and maps of
// compatible elements.
func (pl *planner) compatible(s, h Type) bool {
	switch s := s.(type) {
	case *ArrayType:
		ha, ok := h.(*ArrayType)
		return ok && pl.compatible(s.Elem, ha.Elem)
	case *MapType:
		hm, ok := h.(*MapType)
		return ok && pl.compatible(s.Value, hm.Value)
	case TypeName:
		if pl.m.IsEnum(s) {
			return h == StringType || pl.m.IsEnum(h)
		}
		_, ok := pl.objectPair(s, h)
		return ok
	}
	return s == h
}

// objectPair returns the package's object s names when s and h name objects of the package and
// of the hub.
func (pl *planner) objectPair(s TypeName, h Type) (*Object, bool) {
	hn, ok := h.(TypeName)
	if !ok || s.Package != pl.p.Ref || hn.Package != pl.hub.Ref {
		return nil, false
	}
	src, ok := pl.p.Object(s.Name)
	if !ok {
		return nil, false
	}
	_, ok = pl.hub.Object(hn.Name)
	return src, ok
}
