package astmodel

import "slices"

// PropertyBagName is the Go name of the property bag every storage object carries.
const PropertyBagName = "PropertyBag"

// OriginalVersionName is the Go name of the property of every storage spec that records the
// API version (Kubernetes version, e.g. v1api20220701) an object was written at: the reconciler
// talks to ARM at that version.
const OriginalVersionName = "OriginalVersion"

// MethodNames are the exported methods generated structs have (controller-gen's deepcopy
// methods, the JSON methods of unions): no field may have one of these names.
var MethodNames = []string{"DeepCopy", "DeepCopyInto", "DeepCopyObject", "MarshalJSON", "UnmarshalJSON"}

// StorageVariant derives the storage package of an API package: the same objects and resources
// in the "storage" subpackage, enums turned into strings, and a property bag on every object so
// that conversions to and from the hub lose nothing.
func StorageVariant(api *Package) *Package {
	ref := api.Ref.StorageRef()
	out := NewPackage(ref)
	specs := specNames(api)
	for _, d := range api.Sorted() {
		switch d := d.(type) {
		case *Object:
			s := storageObject(d, api, ref)
			if specs[d.Name.Name] {
				s = withOriginalVersion(s)
			}
			out.Add(s)
		case *Resource:
			out.Add(d.withPackage(ref))
		}
	}
	return out
}

func storageObject(o *Object, api *Package, ref PackageRef) *Object {
	props := make([]Property, 0, len(o.Properties)+1)
	for _, p := range o.Properties {
		props = append(props, p.WithType(storageType(p.Type, api, ref)))
	}
	props = append(props, Property{Name: PropertyBagName, JSONName: "$propertyBag", Type: PropertyBagType})
	s := NewObject(o.Name.InPackage(ref), o.Description, props...)
	s.OneOf = o.OneOf
	return s
}

// specNames lists the names of the package's resource specs.
func specNames(api *Package) map[string]bool {
	names := map[string]bool{}
	for _, d := range api.Definitions {
		if r, ok := d.(*Resource); ok {
			names[r.Spec.Name] = true
		}
	}
	return names
}

// withOriginalVersion adds the OriginalVersion property to a storage spec.
func withOriginalVersion(o *Object) *Object {
	p := Property{Name: OriginalVersionName, JSONName: "originalVersion", Type: StringType,
		Description: "The API version the object was written at; the operator talks to Azure at that version."}
	props := append(slices.Clone(o.Properties), p)
	s := NewObject(o.Name, o.Description, props...)
	s.OneOf = o.OneOf
	return s
}

// storageType maps an API type to its storage form: enums become strings, local names move package.
func storageType(t Type, api *Package, ref PackageRef) Type {
	switch t := t.(type) {
	case TypeName:
		if t.Package != api.Ref {
			return t
		}
		if _, isEnum := api.Definitions[t.Name].(*Enum); isEnum {
			return StringType
		}
		return t.InPackage(ref)
	case *ArrayType:
		return &ArrayType{Elem: storageType(t.Elem, api, ref)}
	case *MapType:
		return &MapType{Value: storageType(t.Value, api, ref)}
	default:
		return t
	}
}

// SelectHub picks the hub version: override when set, else the newest stable version,
// else (all previews) the newest version. versions need not be sorted.
func SelectHub(versions []string, override string) string {
	if override != "" {
		return override
	}
	sorted := slices.Clone(versions)
	slices.Sort(sorted)
	for i := len(sorted) - 1; i >= 0; i-- {
		if !IsPreview(sorted[i]) {
			return sorted[i]
		}
	}
	if len(sorted) == 0 {
		return ""
	}
	return sorted[len(sorted)-1]
}
