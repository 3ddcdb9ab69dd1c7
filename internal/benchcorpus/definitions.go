package benchcorpus

// kindDefinitions holds the resource definition, its flattened properties object and every
// nested object that version index v uses.
func kindDefinitions(k *Kind, v int) obj {
	props := k.PropsIn(v)
	defs := obj{
		k.Name:                resourceDefinition(k),
		k.Name + "Properties": objectSchema("The properties of the "+words(k.Name)+".", props),
	}
	addObjects(defs, props)
	return defs
}

// resourceDefinition extends the common resource base; tracked (resource-group owned) kinds
// also carry a SKU and a managed identity from common.json.
func resourceDefinition(k *Kind) obj {
	base := "TrackedResource"
	props := obj{"properties": obj{
		"x-ms-client-flatten": true,
		"$ref":                "#/definitions/" + k.Name + "Properties",
		"description":         "The properties of the " + words(k.Name) + ".",
	}}
	if k.Owner != nil {
		base = "ProxyResource"
	} else {
		props["sku"] = commonRef("definitions", "Sku")
		props["identity"] = commonRef("definitions", "Identity")
	}
	return obj{
		"description": "The " + words(k.Name) + " resource.",
		"allOf":       []any{commonRef("definitions", base)},
		"properties":  props,
	}
}

func objectSchema(description string, props []*Prop) obj {
	schema := obj{"type": "object", "description": description, "properties": propSchemas(props)}
	var required []any
	for _, p := range props {
		if p.Required {
			required = append(required, p.Name)
		}
	}
	if len(required) > 0 {
		schema["required"] = required
	}
	return schema
}

func propSchemas(props []*Prop) obj {
	out := obj{}
	for _, p := range props {
		s := shapeSchema(p)
		s["description"] = "The " + words(upperFirst(p.Name)) + "."
		if p.ReadOnly {
			s["readOnly"] = true
		}
		out[p.Name] = s
	}
	return out
}

func shapeSchema(p *Prop) obj {
	switch p.Shape {
	case ShapeInt:
		return obj{"type": "integer", "format": "int32"}
	case ShapeLong:
		return obj{"type": "integer", "format": "int64"}
	case ShapeNumber:
		return obj{"type": "number", "format": "double"}
	case ShapeBool:
		return obj{"type": "boolean"}
	case ShapeDateTime:
		return obj{"type": "string", "format": "date-time"}
	case ShapeEnum:
		return enumSchema(p.Enum)
	case ShapeObject:
		return localRef(p.Object.Name)
	case ShapeStringArray:
		return obj{"type": "array", "items": obj{"type": "string"}}
	case ShapeObjectArray:
		return obj{"type": "array", "items": localRef(p.Object.Name), "x-ms-identifiers": []any{}}
	case ShapeStringMap:
		return obj{"type": "object", "additionalProperties": obj{"type": "string"}}
	case ShapeObjectMap:
		return obj{"type": "object", "additionalProperties": localRef(p.Object.Name)}
	case ShapeCommon:
		return commonRef("definitions", p.Common)
	}
	return obj{"type": "string"}
}

func enumSchema(e *Enum) obj {
	values := make([]any, len(e.Values))
	for i, v := range e.Values {
		values[i] = v
	}
	return obj{"type": "string", "enum": values, "x-ms-enum": obj{"name": e.Name, "modelAsString": true}}
}

// addObjects adds the definitions of every object reachable from props.
func addObjects(defs obj, props []*Prop) {
	for _, p := range props {
		if p.Object == nil {
			continue
		}
		defs[p.Object.Name] = objectSchema("The "+words(p.Object.Name)+".", p.Object.Props)
		addObjects(defs, p.Object.Props)
	}
}
