package astmodel

import "github.com/asogen/asogen/pkg/goref"

// Type is the type of a property: a Primitive, *ArrayType, *MapType, TypeName (an object or enum
// defined in a generated package) or ExternalType (a type from a package asogen does not generate).
type Type interface {
	isType()
}

// Primitive is a Go basic type used for JSON scalars.
type Primitive string

// The primitives ARM specs need.
const (
	StringType Primitive = "string"
	IntType    Primitive = "int"
	FloatType  Primitive = "float64"
	BoolType   Primitive = "bool"
)

func (Primitive) isType() {}

// ArrayType is a JSON array.
type ArrayType struct {
	Elem Type
}

func (*ArrayType) isType() {}

// MapType is a JSON object with string keys (additionalProperties).
type MapType struct {
	Value Type
}

func (*MapType) isType() {}

// TypeName names a type defined in a generated package.
type TypeName struct {
	Package PackageRef
	Name    string
}

func (TypeName) isType() {}

// String renders the name for messages: "network/v1api20220701.PrivateEndpoint_Spec".
func (t TypeName) String() string {
	return t.Package.String() + "." + t.Name
}

// InPackage returns the same name in another package.
func (t TypeName) InPackage(p PackageRef) TypeName {
	return TypeName{Package: p, Name: t.Name}
}

// ExternalType is a named type from a package asogen does not generate: an entry of goref's table.
type ExternalType struct{ goref.Ref }

func (ExternalType) isType() {}

// Runtime types generated code refers to.
var (
	ResourceReferenceType      = ExternalType{goref.ResourceReference}
	KnownResourceReferenceType = ExternalType{goref.KnownResourceReference}
	SecretReferenceType        = ExternalType{goref.SecretReference}
	ArbitraryOwnerType         = ExternalType{goref.ArbitraryOwnerReference}
	SecretDestinationType      = ExternalType{goref.SecretDestination}
	ConfigMapReferenceType     = ExternalType{goref.ConfigMapReference}
	ConfigMapDestinationType   = ExternalType{goref.ConfigMapDestination}
	DestinationExpressionType  = ExternalType{goref.DestinationExpression}
	PropertyBagType            = ExternalType{goref.PropertyBag}
	ConditionType              = ExternalType{goref.Condition}
	JSONType                   = ExternalType{goref.RawJSON}
)
