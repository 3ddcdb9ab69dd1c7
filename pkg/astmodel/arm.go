package astmodel

import (
	"fmt"
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/naming"
)

// The Go names of the fields asogen adds to Spec and Status objects.
const (
	AzureNameProperty  = "AzureName"
	OwnerProperty      = "Owner"
	ConditionsProperty = "Conditions"
	// OperatorSpecProperty holds what the operator does beside ARM (exported secrets); never sent to Azure.
	OperatorSpecProperty = "OperatorSpec"
)

// ARMObject is the ARM (wire) form of an object: the struct its JSON is sent and received as.
// Properties sit where their ARM path places them; a nesting such as "properties" is a struct of
// its own. The armTypes stage derives them (WithARMTypes); the emitters print them.
type ARMObject struct {
	Name   string     // in the object's package: <Object>_ARM, or <Parent>_<Field>_ARM for a nesting
	Fields []ARMField // sorted by JSON name
	// NameField is set on a resource spec's ARM type without a "name" field of its own: it gets a
	// Name field first, which SpecToARM sets to the resource's name.
	NameField bool
	Sent      bool // reached from a resource's spec: the object converts to it (toARM)
	Received  bool // reached from a resource's status: the object converts from it (fromARM)
}

// ARMField is one field of an ARM struct: a property of the object, or a nesting.
type ARMField struct {
	JSONName string
	GoName   string
	Property *Property  // the object's property (points into its Properties); nil for a nesting
	Nested   *ARMObject // the struct of a nesting; nil for a property
}

// Field returns the field with the JSON name, or nil.
func (a *ARMObject) Field(jsonName string) *ARMField {
	for i := range a.Fields {
		if a.Fields[i].JSONName == jsonName {
			return &a.Fields[i]
		}
	}
	return nil
}

// SpecARMType is the ARM type of the kind's spec in one of its API packages: the payload sent.
func (k *Kind) SpecARMType(api PackageRef) TypeName {
	return TypeName{Package: api, Name: naming.ARMName(naming.SpecName(k.Name))}
}

// InARM reports whether the property has a place in ARM JSON: AzureName, the owner, conditions,
// the property bag, the operator's settings and a config input's ...FromConfig do not.
func (p Property) InARM() bool {
	if p.Type == ConfigMapReferenceType { // a config input's ...FromConfig: read into the value
		return false
	}
	switch p.Name {
	case AzureNameProperty, OwnerProperty, PropertyBagName, OperatorSpecProperty:
		return false
	case ConditionsProperty:
		a, ok := p.Type.(*ArrayType)
		return !ok || a.Elem != ConditionType
	}
	return true
}

// ARMID reports whether a reference property is sent as {"id": ...}: its value is a
// ResourceReference (spec) or an ID string (status). A reference the model keeps as an object
// (such as an embedded status holding the id) is an ordinary object.
func (p Property) ARMID() bool {
	if !p.Reference {
		return false
	}
	t := p.Type
	for {
		switch c := t.(type) {
		case *ArrayType:
			t = c.Elem
			continue
		case *MapType:
			t = c.Value
			continue
		}
		return t == StringType || t == ResourceReferenceType
	}
}

// SendsARMIDs reports whether an object of the package has an ARM property sent as {"id": ...}:
// the package declares that shape (ResourceID_ARM).
func (p *Package) SendsARMIDs() bool {
	for _, d := range p.Definitions {
		if o, ok := d.(*Object); ok && slices.ContainsFunc(o.Properties, func(q Property) bool { return q.ARMID() && q.InARM() }) {
			return true
		}
	}
	return false
}

// HasUnions reports whether an object of the package is a discriminated union.
func (p *Package) HasUnions() bool {
	for _, d := range p.Definitions {
		if o, ok := d.(*Object); ok && o.OneOf != nil {
			return true
		}
	}
	return false
}

// WithARMTypes returns a copy of the API package p with the ARM type of every object a resource's
// spec sends (through ARM properties, identity lists aside) or its status receives.
func (p *Package) WithARMTypes() (*Package, error) {
	sent, received, specs := p.armReach()
	arm := make(map[string]*ARMObject, len(sent)+len(received))
	for _, d := range p.Sorted() {
		o, ok := d.(*Object)
		name := d.DefName().Name
		if !ok || !sent[name] && !received[name] {
			continue
		}
		a, err := armObject(o)
		if err != nil {
			return nil, err
		}
		a.Sent, a.Received = sent[name], received[name]
		a.NameField = specs[name] && a.Field("name") == nil
		arm[name] = a
	}
	out := *p
	out.ARM = arm
	return &out, nil
}

// armReach returns the names of the objects the package's resources send (from their specs),
// receive (into their statuses), and the specs. A resource whose spec or status is not an object of
// the package is left out (emission reports it).
func (p *Package) armReach() (sent, received, specs map[string]bool) {
	sent, received, specs = map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, d := range p.Definitions {
		r, ok := d.(*Resource)
		if !ok || r.Spec.Package != p.Ref || r.Status.Package != p.Ref {
			continue
		}
		spec, okSpec := p.Object(r.Spec.Name)
		status, okStatus := p.Object(r.Status.Name)
		if !okSpec || !okStatus {
			continue
		}
		specs[spec.Name.Name], sent[spec.Name.Name], received[status.Name.Name] = true, true, true
		p.Reach(sentAsObject, sent, spec)
		p.Reach(func(Property) bool { return true }, received, status)
	}
	return sent, received, specs
}

// sentAsObject reports whether a Spec property's objects have ARM structs of their own: not the
// operator's own settings, and not identity lists (sent as a map keyed by ARM ID).
func sentAsObject(p Property) bool {
	return p.InARM() && !p.IdentityKeys
}

// Reach adds to seen the names of the package's definitions reachable from the roots through the
// properties follow accepts (and names of other packages' types met on the way are not added).
func (p *Package) Reach(follow func(Property) bool, seen map[string]bool, roots ...*Object) {
	var visit func(prop *Property)
	visit = func(prop *Property) {
		n, ok := namedIn(prop.Type, p.Ref)
		if !ok || seen[n] || !follow(*prop) {
			return
		}
		if _, defined := p.Definitions[n]; !defined {
			return
		}
		seen[n] = true
		if o, isObj := p.Object(n); isObj {
			for i := range o.Properties {
				visit(&o.Properties[i])
			}
		}
	}
	for _, r := range roots {
		for i := range r.Properties {
			visit(&r.Properties[i])
		}
	}
}

// namedIn returns the name of the package-local definition at the core of t (through arrays and maps).
func namedIn(t Type, ref PackageRef) (string, bool) {
	switch t := t.(type) {
	case *ArrayType:
		return namedIn(t.Elem, ref)
	case *MapType:
		return namedIn(t.Value, ref)
	case TypeName:
		return t.Name, t.Package == ref
	}
	return "", false
}

// armObject arranges an object's ARM properties by ARM path and names the structs.
func armObject(o *Object) (*ARMObject, error) {
	root := &ARMObject{Name: naming.ARMName(o.Name.Name)}
	for i := range o.Properties {
		p := &o.Properties[i]
		if !p.InARM() {
			continue
		}
		if err := root.insert(p, p.ARMJSONPath()); err != nil {
			return nil, fmt.Errorf("%s: %w", o.Name, err)
		}
	}
	root.sortFields()
	root.nameNested()
	return root, nil
}

func (a *ARMObject) insert(p *Property, path []string) error {
	f := a.Field(path[0])
	if len(path) == 1 {
		if f != nil {
			return fmt.Errorf("ARM path %s is used twice", strings.Join(p.ARMJSONPath(), "."))
		}
		a.Fields = append(a.Fields, ARMField{JSONName: path[0], GoName: p.Name, Property: p})
		return nil
	}
	if f == nil { // named by nameNested once the tree is complete
		a.Fields = append(a.Fields, ARMField{JSONName: path[0], Nested: &ARMObject{}})
		f = &a.Fields[len(a.Fields)-1]
	}
	if f.Property != nil {
		return fmt.Errorf("ARM path %s nests under property %s", strings.Join(p.ARMJSONPath(), "."), f.Property.Name)
	}
	return f.Nested.insert(p, path[1:])
}

func (a *ARMObject) sortFields() {
	slices.SortFunc(a.Fields, func(x, y ARMField) int { return strings.Compare(x.JSONName, y.JSONName) })
	for _, f := range a.Fields {
		if f.Nested != nil {
			f.Nested.sortFields()
		}
	}
}

// nameNested names the nestings: a property keeps its Go name (unique in the object, so the ARM
// struct and the Kubernetes struct name a property alike); a nesting such as "properties" takes
// the Go name of its JSON name, numbered when a property or an earlier nesting has it, and its
// struct is named after it.
func (a *ARMObject) nameNested() {
	used := map[string]bool{}
	for _, m := range MethodNames { // an ARM struct has DeepCopy too
		used[m] = true
	}
	for _, f := range a.Fields {
		if f.Property != nil {
			used[f.GoName] = true
		}
	}
	for i := range a.Fields {
		f := &a.Fields[i]
		if f.Nested == nil {
			continue
		}
		f.GoName = naming.FreeName(naming.GoName(f.JSONName), func(n string) bool { return used[n] })
		used[f.GoName] = true
		f.Nested.Name = naming.ARMName(strings.TrimSuffix(a.Name, naming.ARMName("")) + "_" + f.GoName)
		f.Nested.nameNested()
	}
}
