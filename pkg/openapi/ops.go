package openapi

import (
	"strconv"
	"strings"

	openapi "github.com/go-openapi/spec"
)

// The fields of the go-openapi types of a PUT operation. go-openapi decodes an Operation twice, a
// Parameter five times (once per embedded struct), a Response three times and each of their
// schemas again inside, which cost as much as all the definitions. TestFieldSetsCoverTypes keeps
// the lists complete.
var (
	operationFields *fieldSet[openapi.Operation]
	paramFields     *fieldSet[openapi.Parameter]
	responseFields  *fieldSet[openapi.Response]
)

func init() {
	operationFields = newFieldSet(operationList()...)
	paramFields = newFieldSet(paramList()...)
	responseFields = newFieldSet(responseList()...)
}

// operationList is OperationProps.
func operationList() []field[openapi.Operation] {
	type op = openapi.Operation
	return []field[op]{
		{"description", stringField(func(o *op) *string { return &o.Description })},
		{"consumes", stringsField(func(o *op) *[]string { return &o.Consumes })},
		{"produces", stringsField(func(o *op) *[]string { return &o.Produces })},
		{"schemes", stringsField(func(o *op) *[]string { return &o.Schemes })},
		{"tags", stringsField(func(o *op) *[]string { return &o.Tags })},
		{"summary", stringField(func(o *op) *string { return &o.Summary })},
		{"externalDocs", byLibrary(func(o *op) any { return &o.ExternalDocs })},
		{"operationId", stringField(func(o *op) *string { return &o.ID })},
		{"deprecated", boolField(func(o *op) *bool { return &o.Deprecated })},
		{"security", byLibrary(func(o *op) any { return &o.Security })},
		{"parameters", readParameters},
		{"responses", readResponses},
	}
}

// paramList is CommonValidations, SimpleSchema, ParamProps and $ref (Refable).
func paramList() []field[openapi.Parameter] {
	type pm = openapi.Parameter
	return append(validations(func(p *pm) *openapi.CommonValidations { return &p.CommonValidations }),
		field[pm]{"type", stringField(func(p *pm) *string { return &p.Type })},
		field[pm]{"nullable", boolField(func(p *pm) *bool { return &p.Nullable })},
		field[pm]{"format", stringField(func(p *pm) *string { return &p.Format })},
		field[pm]{"items", byLibrary(func(p *pm) any { return &p.Items })},
		field[pm]{"collectionFormat", stringField(func(p *pm) *string { return &p.CollectionFormat })},
		field[pm]{"default", anyField(func(p *pm) *any { return &p.Default })},
		field[pm]{"example", anyField(func(p *pm) *any { return &p.Example })},
		field[pm]{"description", stringField(func(p *pm) *string { return &p.Description })},
		field[pm]{"name", stringField(func(p *pm) *string { return &p.Name })},
		field[pm]{"in", stringField(func(p *pm) *string { return &p.In })},
		field[pm]{"required", boolField(func(p *pm) *bool { return &p.Required })},
		field[pm]{"schema", schemaField(func(p *pm) **openapi.Schema { return &p.Schema })},
		field[pm]{"allowEmptyValue", boolField(func(p *pm) *bool { return &p.AllowEmptyValue })},
		field[pm]{"$ref", refField(func(p *pm) *openapi.Ref { return &p.Ref })},
	)
}

// validations is CommonValidations of a type that embeds it.
func validations[T any](cv func(*T) *openapi.CommonValidations) []field[T] {
	return []field[T]{
		{"maximum", floatField(func(v *T) **float64 { return &cv(v).Maximum })},
		{"exclusiveMaximum", boolField(func(v *T) *bool { return &cv(v).ExclusiveMaximum })},
		{"minimum", floatField(func(v *T) **float64 { return &cv(v).Minimum })},
		{"exclusiveMinimum", boolField(func(v *T) *bool { return &cv(v).ExclusiveMinimum })},
		{"maxLength", intField(func(v *T) **int64 { return &cv(v).MaxLength })},
		{"minLength", intField(func(v *T) **int64 { return &cv(v).MinLength })},
		{"pattern", stringField(func(v *T) *string { return &cv(v).Pattern })},
		{"maxItems", intField(func(v *T) **int64 { return &cv(v).MaxItems })},
		{"minItems", intField(func(v *T) **int64 { return &cv(v).MinItems })},
		{"uniqueItems", boolField(func(v *T) *bool { return &cv(v).UniqueItems })},
		{"multipleOf", floatField(func(v *T) **float64 { return &cv(v).MultipleOf })},
		{"enum", enumField(func(v *T) *[]any { return &cv(v).Enum })},
	}
}

// responseList is ResponseProps and $ref (Refable).
func responseList() []field[openapi.Response] {
	type rs = openapi.Response
	return []field[rs]{
		{"description", stringField(func(r *rs) *string { return &r.Description })},
		{"schema", schemaField(func(r *rs) **openapi.Schema { return &r.Schema })},
		{"headers", byLibrary(func(r *rs) any { return &r.Headers })},
		{"examples", byLibrary(func(r *rs) any { return &r.Examples })},
		{"$ref", refField(func(r *rs) *openapi.Ref { return &r.Ref })},
	}
}

func (s *scanner) operation(op *openapi.Operation) bool {
	return readStruct(s, op, operationFields, &op.Extensions)
}

func (s *scanner) parameter(p *openapi.Parameter) bool {
	return readStruct(s, p, paramFields, &p.Extensions)
}

func (s *scanner) response(r *openapi.Response) bool {
	return readStruct(s, r, responseFields, &r.Extensions)
}

// readParameters reads an operation's parameter list; a null element is left to go-openapi.
func readParameters(s *scanner, op *openapi.Operation) bool {
	switch s.peek() {
	case 'n':
		s.skip()
		return true
	case '[':
		list := []openapi.Parameter{}
		ok := s.elements(func() bool {
			list = append(list, openapi.Parameter{})
			return s.parameter(&list[len(list)-1])
		})
		op.Parameters = list
		return ok
	}
	return false
}

// parameterMap reads the document's shared parameters.
func (s *scanner) parameterMap(dst *map[string]openapi.Parameter) bool {
	switch s.peek() {
	case 'n':
		s.skip()
		return true
	case '{':
		params := map[string]openapi.Parameter{}
		*dst = params
		return s.members(func(name string) bool {
			var p openapi.Parameter
			ok := s.parameter(&p)
			params[name] = p
			return ok
		})
	}
	return false
}

func readResponses(s *scanner, op *openapi.Operation) bool {
	switch s.peek() {
	case 'n':
		s.skip()
		return true
	case '{':
		op.Responses = &openapi.Responses{}
		return s.members(func(key string) bool { return s.responseEntry(op.Responses, key) })
	}
	return false
}

// responseEntry reads one key of Responses as ResponsesProps.UnmarshalJSON does: "default", a
// status code, an extension (x-…), or any other key, whose response is decoded but not kept.
// "X-…", a response there and an extension for VendorExtensible, is left to go-openapi, and so
// is a code written other than as strconv.Itoa writes it ("0200"), which could collide.
func (s *scanner) responseEntry(r *openapi.Responses, key string) bool {
	switch {
	case strings.HasPrefix(key, "x-"):
		if r.Extensions == nil {
			r.Extensions = openapi.Extensions{}
		}
		return s.genericInto(r.Extensions, key)
	case isExtension(key):
		return false
	case key == "default":
		r.Default = &openapi.Response{}
		return s.response(r.Default)
	}
	var resp openapi.Response
	if !s.response(&resp) {
		return false
	}
	code, err := strconv.Atoi(key)
	if err != nil {
		return true
	}
	if strconv.Itoa(code) != key {
		return false
	}
	if r.StatusCodeResponses == nil {
		r.StatusCodeResponses = map[int]openapi.Response{}
	}
	r.StatusCodeResponses[code] = resp
	return true
}
