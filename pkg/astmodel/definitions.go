package astmodel

import (
	"slices"
	"strings"
)

// Definition is an Object or an Enum in a generated package.
type Definition interface {
	DefName() TypeName
}

// Property is one field of an Object. Values are immutable: derive changed copies with With* methods.
type Property struct {
	Name        string // exported Go name
	JSONName    string // the ARM JSON name
	Type        Type
	Description string      // first sentence of the spec's description
	ARMPath     []string    // JSON path in the ARM body, e.g. ["properties", "subnet"]; nil means [JSONName]
	Validation  *Validation // the spec's constraints on the value (Spec properties only); nil when none
	Required    bool
	Secret      bool // x-ms-secret or format: password
	Reference   bool // an embedded ARM resource kept by identity: ResourceReference in Spec, ID in Status
	// IdentityKeys marks a Spec list of objects with a Reference (userAssignedIdentities) that ARM
	// takes as a map keyed by each reference's ARM ID, with empty objects as values.
	// (The flags are kept together: a model holds about a million properties at N = 1000.)
	IdentityKeys bool
	// ConfigInput marks a Spec property that may be read from a ConfigMap instead: its sibling
	// <Name>FromConfig (a genruntime.ConfigMapReference) holds where. Exactly one of the two is
	// set when the spec requires the property (ConfigInputRequired), at most one otherwise.
	ConfigInput ConfigInputMode
}

// ConfigInputMode says whether a property is a config input, and whether the spec requires it.
type ConfigInputMode uint8

const (
	NotConfigInput      ConfigInputMode = iota
	ConfigInputOptional                 // at most one of the value and <Name>FromConfig
	ConfigInputRequired                 // exactly one of the value and <Name>FromConfig
)

// FromConfigSuffix ends the Go and JSON names of a config input's ConfigMapReference sibling.
const FromConfigSuffix = "FromConfig"

// ARMJSONPath returns where the property lives in the ARM payload.
func (p Property) ARMJSONPath() []string {
	if len(p.ARMPath) == 0 {
		return []string{p.JSONName}
	}
	return p.ARMPath
}

// IsFlattened reports whether the property was lifted out of "properties" (x-ms-client-flatten).
func (p Property) IsFlattened() bool {
	return len(p.ARMPath) > 1
}

// WithType returns a copy with another type.
func (p Property) WithType(t Type) Property {
	p.Type = t
	return p
}

// Object is a struct type. Properties are kept sorted by Go name.
type Object struct {
	Name        TypeName
	Description string
	Properties  []Property
	// OneOf is set when the object is a discriminated union: each option is a property of
	// object type, exactly one of which is set; Discriminator is the JSON property naming it.
	OneOf *OneOf
}

// OneOf describes a discriminated union (x-ms-discriminator-value / discriminator).
type OneOf struct {
	Discriminator string            // JSON name of the discriminator property, e.g. "kind"
	Values        map[string]string // option property Go name → discriminator value
}

// NewObject returns an object with its properties sorted by Go name.
func NewObject(name TypeName, description string, props ...Property) *Object {
	o := &Object{Name: name, Description: description, Properties: slices.Clone(props)}
	sortProperties(o.Properties)
	return o
}

// DefName implements Definition.
func (o *Object) DefName() TypeName { return o.Name }

// Property finds a property by Go name.
func (o *Object) Property(name string) (Property, bool) {
	for _, p := range o.Properties {
		if p.Name == name {
			return p, true
		}
	}
	return Property{}, false
}

// WithProperties returns a copy of the object with props added or replaced (by Go name).
func (o *Object) WithProperties(props ...Property) *Object {
	out := *o
	out.Properties = slices.Clone(o.Properties)
	for _, p := range props {
		i := slices.IndexFunc(out.Properties, func(q Property) bool { return q.Name == p.Name })
		if i >= 0 {
			out.Properties[i] = p
		} else {
			out.Properties = append(out.Properties, p)
		}
	}
	sortProperties(out.Properties)
	return &out
}

// WithName returns a copy of the object under another name.
func (o *Object) WithName(n TypeName) *Object {
	out := *o
	out.Properties = slices.Clone(o.Properties)
	out.Name = n
	return &out
}

func sortProperties(props []Property) {
	slices.SortStableFunc(props, func(a, b Property) int { return strings.Compare(a.Name, b.Name) })
}

// Enum is a string type with a fixed set of values.
type Enum struct {
	Name        TypeName
	Description string
	Values      []string // sorted, unique
}

// NewEnum returns an enum with sorted, unique values.
func NewEnum(name TypeName, description string, values ...string) *Enum {
	v := slices.Clone(values)
	slices.Sort(v)
	return &Enum{Name: name, Description: description, Values: slices.Compact(v)}
}

// DefName implements Definition.
func (e *Enum) DefName() TypeName { return e.Name }
