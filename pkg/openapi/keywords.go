package openapi

import (
	openapi "github.com/go-openapi/spec"
)

// schemaFields covers every keyword of openapi.Schema: the JSON fields of SchemaProps and
// SwaggerSchemaProps, and $ref and $schema, which Schema.UnmarshalJSON reads itself from a map.
// TestFieldSetsCoverTypes keeps the list complete.
var schemaFields *fieldSet[openapi.Schema]

func init() { // in init: the readers of nested schemas refer back to the table
	type sch = openapi.Schema
	schemaFields = newFieldSet(
		field[sch]{"$ref", readRef}, field[sch]{"$schema", unsupported},
		field[sch]{"id", stringField(func(o *sch) *string { return &o.ID })},
		field[sch]{"description", stringField(func(o *sch) *string { return &o.Description })},
		field[sch]{"type", readType},
		field[sch]{"nullable", boolField(func(o *sch) *bool { return &o.Nullable })},
		field[sch]{"format", stringField(func(o *sch) *string { return &o.Format })},
		field[sch]{"title", stringField(func(o *sch) *string { return &o.Title })},
		field[sch]{"default", anyField(func(o *sch) *any { return &o.Default })},
		field[sch]{"maximum", floatField(func(o *sch) **float64 { return &o.Maximum })},
		field[sch]{"exclusiveMaximum", boolField(func(o *sch) *bool { return &o.ExclusiveMaximum })},
		field[sch]{"minimum", floatField(func(o *sch) **float64 { return &o.Minimum })},
		field[sch]{"exclusiveMinimum", boolField(func(o *sch) *bool { return &o.ExclusiveMinimum })},
		field[sch]{"maxLength", intField(func(o *sch) **int64 { return &o.MaxLength })},
		field[sch]{"minLength", intField(func(o *sch) **int64 { return &o.MinLength })},
		field[sch]{"pattern", stringField(func(o *sch) *string { return &o.Pattern })},
		field[sch]{"maxItems", intField(func(o *sch) **int64 { return &o.MaxItems })},
		field[sch]{"minItems", intField(func(o *sch) **int64 { return &o.MinItems })},
		field[sch]{"uniqueItems", boolField(func(o *sch) *bool { return &o.UniqueItems })},
		field[sch]{"multipleOf", floatField(func(o *sch) **float64 { return &o.MultipleOf })},
		field[sch]{"enum", enumField(func(o *sch) *[]any { return &o.Enum })},
		field[sch]{"maxProperties", intField(func(o *sch) **int64 { return &o.MaxProperties })},
		field[sch]{"minProperties", intField(func(o *sch) **int64 { return &o.MinProperties })},
		field[sch]{"required", stringsField(func(o *sch) *[]string { return &o.Required })},
		field[sch]{"items", readItems},
		field[sch]{"allOf", schemasField(func(o *sch) *[]sch { return &o.AllOf })},
		field[sch]{"oneOf", schemasField(func(o *sch) *[]sch { return &o.OneOf })},
		field[sch]{"anyOf", schemasField(func(o *sch) *[]sch { return &o.AnyOf })},
		field[sch]{"not", schemaField(func(o *sch) **sch { return &o.Not })},
		field[sch]{"properties", propsField(func(o *sch) *openapi.SchemaProperties { return &o.Properties })},
		field[sch]{"additionalProperties", readAdditional},
		field[sch]{"patternProperties", propsField(func(o *sch) *openapi.SchemaProperties { return &o.PatternProperties })},
		field[sch]{"dependencies", byLibrary(func(o *sch) any { return &o.Dependencies })},
		field[sch]{"additionalItems", byLibrary(func(o *sch) any { return &o.AdditionalItems })},
		field[sch]{"definitions", byLibrary(func(o *sch) any { return &o.Definitions })},
		field[sch]{"discriminator", stringField(func(o *sch) *string { return &o.Discriminator })},
		field[sch]{"readOnly", boolField(func(o *sch) *bool { return &o.ReadOnly })},
		field[sch]{"xml", byLibrary(func(o *sch) any { return &o.XML })},
		field[sch]{"externalDocs", byLibrary(func(o *sch) any { return &o.ExternalDocs })},
		field[sch]{"example", anyField(func(o *sch) *any { return &o.Example })},
	)
}

func unsupported(*scanner, *openapi.Schema) bool { return false }

// readRef keeps a string $ref that parses as a JSON reference; go-openapi ignores anything else.
func readRef(s *scanner, o *openapi.Schema) bool {
	if s.peek() != '"' {
		return s.valid()
	}
	text, ok := s.str()
	if ref, err := openapi.NewRef(text); err == nil {
		o.Ref = ref
	}
	return ok
}

// readType reads a type name or a list of them (openapi.StringOrArray).
func readType(s *scanner, o *openapi.Schema) bool {
	switch s.peek() {
	case '"':
		text, ok := s.str()
		o.Type = openapi.StringOrArray{text}
		return ok
	case '[':
		list, ok := s.strings()
		o.Type = list
		return ok
	case 'n':
		s.skip()
		return true
	}
	return false
}

// readItems reads a single items schema; a list of them is decoded by go-openapi. Any other value
// leaves an empty openapi.SchemaOrArray, as its UnmarshalJSON does.
func readItems(s *scanner, o *openapi.Schema) bool {
	switch s.peek() {
	case '{':
		var sch openapi.Schema
		o.Items = &openapi.SchemaOrArray{Schema: &sch}
		return s.schema(&sch)
	case '[':
		return byLibrary(func(o *openapi.Schema) any { return &o.Items })(s, o)
	case 'n':
		s.skip()
		return true
	}
	o.Items = &openapi.SchemaOrArray{}
	return s.valid()
}

// readAdditional reads additionalProperties: a schema, false, or any other value (allowed).
func readAdditional(s *scanner, o *openapi.Schema) bool {
	switch s.peek() {
	case '{':
		var sch openapi.Schema
		o.AdditionalProperties = &openapi.SchemaOrBool{Allows: true, Schema: &sch}
		return s.schema(&sch)
	case 'n':
		s.skip()
		return true
	case 'f':
		s.skip()
		o.AdditionalProperties = &openapi.SchemaOrBool{}
		return true
	}
	o.AdditionalProperties = &openapi.SchemaOrBool{Allows: true}
	return s.valid()
}

func schemasField(field func(*openapi.Schema) *[]openapi.Schema) func(*scanner, *openapi.Schema) bool {
	return func(s *scanner, o *openapi.Schema) bool {
		switch s.peek() {
		case 'n':
			s.skip()
			return true
		case '[':
			list := []openapi.Schema{}
			ok := s.elements(func() bool {
				list = append(list, openapi.Schema{})
				return s.schema(&list[len(list)-1])
			})
			*field(o) = list
			return ok
		}
		return false
	}
}

func propsField(field func(*openapi.Schema) *openapi.SchemaProperties) func(*scanner, *openapi.Schema) bool {
	return func(s *scanner, o *openapi.Schema) bool {
		switch s.peek() {
		case 'n':
			s.skip()
			return true
		case '{':
			props := openapi.SchemaProperties{}
			*field(o) = props
			return s.members(func(name string) bool {
				var sch openapi.Schema
				ok := s.schema(&sch)
				props[name] = sch
				return ok
			})
		}
		return false
	}
}
