package benchcorpus

import "math/rand/v2"

// Shape is the OpenAPI shape of a synthetic property.
type Shape int

// The shapes a property can take.
const (
	ShapeString Shape = iota
	ShapeInt
	ShapeLong
	ShapeNumber
	ShapeBool
	ShapeDateTime
	ShapeEnum
	ShapeObject      // $ref to a definition in the kind's file
	ShapeStringArray // array of strings
	ShapeObjectArray // array of a definition in the kind's file
	ShapeStringMap   // additionalProperties: string
	ShapeObjectMap   // additionalProperties: a definition in the kind's file
	ShapeCommon      // $ref to a definition in the group version's common.json
)

// topShapes and nestedShapes weight the shape choice (a shape listed twice is twice as likely).
var topShapes = []Shape{
	ShapeString, ShapeString, ShapeString, ShapeString, ShapeInt, ShapeInt, ShapeLong, ShapeNumber,
	ShapeBool, ShapeBool, ShapeBool, ShapeDateTime, ShapeEnum, ShapeEnum, ShapeEnum, ShapeObject,
	ShapeObject, ShapeObject, ShapeStringArray, ShapeStringArray, ShapeObjectArray, ShapeObjectArray,
	ShapeStringMap, ShapeStringMap, ShapeObjectMap, ShapeCommon, ShapeCommon,
}

var nestedShapes = []Shape{ShapeString, ShapeString, ShapeInt, ShapeBool, ShapeEnum, ShapeStringArray, ShapeObject}

// commonObjects are the common.json definitions a property may refer to.
var commonObjects = []string{"NetworkRuleSet", "KeyVaultProperties"}

// Prop is one property of a kind's properties object or of a nested object.
type Prop struct {
	Name     string
	Shape    Shape
	ReadOnly bool
	Required bool
	Since    int     // first version index that has the property
	Until    int     // first version index that no longer has it
	Enum     *Enum   // ShapeEnum
	Object   *Object // ShapeObject, ShapeObjectArray, ShapeObjectMap
	Common   string  // ShapeCommon: definition name in common.json
}

// Enum is an x-ms-enum with its values.
type Enum struct {
	Name   string
	Values []string
}

// Object is a definition in the kind's spec file.
type Object struct {
	Name  string
	Props []*Prop
}

func (p *Prop) presentIn(v int) bool { return v >= p.Since && v < p.Until }

// kindProps draws 28 to 32 top-level properties. With several versions, the last three appear
// in later versions and the second one is dropped from the newest.
func kindProps(rng *rand.Rand, kind string, nVersions int) []*Prop {
	count := 28 + rng.IntN(5)
	names := newNamer(rng)
	props := []*Prop{{Name: "provisioningState", Shape: ShapeCommon, Common: "ProvisioningState", ReadOnly: true}}
	names.used["provisioningState"] = true
	for len(props) < count {
		props = append(props, newProp(rng, names.next(), kind, topShapes, 1))
	}
	for _, p := range props {
		p.Until = nVersions
	}
	if nVersions > 1 {
		for j, p := range props[count-3:] {
			p.Since = 1 + j%(nVersions-1)
		}
		props[1].Until = nVersions - 1
	}
	return props
}

// newProp draws one property; owner names the definition holding it (for nested names).
func newProp(rng *rand.Rand, name, owner string, shapes []Shape, depth int) *Prop {
	p := &Prop{Name: name, Shape: shapes[rng.IntN(len(shapes))]}
	p.ReadOnly = rng.IntN(6) == 0
	p.Required = !p.ReadOnly && rng.IntN(10) == 0
	inner := owner + upperFirst(name)
	switch p.Shape {
	case ShapeEnum:
		p.Enum = newEnum(rng, inner)
	case ShapeObject, ShapeObjectArray, ShapeObjectMap:
		p.Object = newObject(rng, inner, depth)
	case ShapeCommon:
		p.Common = commonObjects[rng.IntN(len(commonObjects))]
	}
	return p
}

// newObject draws a nested definition with 3 to 6 properties; below depth 2 it has no objects.
func newObject(rng *rand.Rand, name string, depth int) *Object {
	shapes := nestedShapes
	if depth >= 2 {
		shapes = shapes[:len(shapes)-1]
	}
	o := &Object{Name: name}
	names := newNamer(rng)
	for range 3 + rng.IntN(4) {
		p := newProp(rng, names.next(), name, shapes, depth+1)
		p.Until = 1 << 30
		o.Props = append(o.Props, p)
	}
	return o
}

func newEnum(rng *rand.Rand, name string) *Enum {
	e := &Enum{Name: name}
	start := rng.IntN(len(enumWords))
	for i := range 2 + rng.IntN(4) {
		e.Values = append(e.Values, enumWords[(start+i*7)%len(enumWords)])
	}
	return e
}

// namer draws property names that are unique within one object.
type namer struct {
	rng  *rand.Rand
	used map[string]bool
}

func newNamer(rng *rand.Rand) *namer { return &namer{rng: rng, used: map[string]bool{}} }

func (n *namer) next() string {
	for {
		name := propFirst[n.rng.IntN(len(propFirst))] + upperFirst(propSecond[n.rng.IntN(len(propSecond))])
		if !n.used[name] {
			n.used[name] = true
			return name
		}
	}
}
