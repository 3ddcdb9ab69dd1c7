package astmodel

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

// ExternalType is a named type from a package asogen does not generate.
type ExternalType struct {
	Package ExternalPackage
	Name    string
}

func (ExternalType) isType() {}

// Runtime types generated code refers to.
var (
	ResourceReferenceType      = ExternalType{Package: GenRuntimePackage, Name: "ResourceReference"}
	KnownResourceReferenceType = ExternalType{Package: GenRuntimePackage, Name: "KnownResourceReference"}
	SecretReferenceType        = ExternalType{Package: GenRuntimePackage, Name: "SecretReference"}
	ArbitraryOwnerType         = ExternalType{Package: GenRuntimePackage, Name: "ArbitraryOwnerReference"}
	SecretDestinationType      = ExternalType{Package: GenRuntimePackage, Name: "SecretDestination"}
	ConfigMapReferenceType     = ExternalType{Package: GenRuntimePackage, Name: "ConfigMapReference"}
	ConfigMapDestinationType   = ExternalType{Package: GenRuntimePackage, Name: "ConfigMapDestination"}
	DestinationExpressionType  = ExternalType{Package: GenRuntimePackage, Name: "DestinationExpression"}
	PropertyBagType            = ExternalType{Package: GenRuntimePackage, Name: "PropertyBag"}
	ConditionType              = ExternalType{Package: ConditionsPackage, Name: "Condition"}
	JSONType                   = ExternalType{Package: APIExtensionsV1, Name: "JSON"}
)

// IsObject reports whether t names an object definition in defs.
func IsObject(t Type, defs map[TypeName]Definition) bool {
	n, ok := t.(TypeName)
	if !ok {
		return false
	}
	_, isObj := defs[n].(*Object)
	return isObj
}
