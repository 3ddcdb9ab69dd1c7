package crd

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/dst"
	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/emit"
	"github.com/asogen/asogen/pkg/goref"
)

// resolver derives the schemas of the types emit prints, as controller-gen derives them from the
// printed code: every named type is resolved in place (controller-gen's flattened schemas). It
// loads a package's declarations on first use and keeps each type's schema; it is the state of
// one batch, used on one worker.
type resolver struct {
	model *astmodel.Model
	refs  map[string]astmodel.PackageRef // import path → generated package; shared, read only
	pkgs  map[astmodel.PackageRef]*pkgTypes
	memo  *memo // text written so far, shared by the group's CRDs
}

// pkgTypes are a package's type declarations and the schemas derived so far.
type pkgTypes struct {
	ref     astmodel.PackageRef
	decls   map[string]*dst.GenDecl
	schemas map[string]*apiext.JSONSchemaProps
	busy    map[string]bool // types being derived: a type that reaches itself has no schema
}

func newResolver(m *astmodel.Model, refs map[string]astmodel.PackageRef) *resolver {
	return &resolver{model: m, refs: refs, pkgs: map[astmodel.PackageRef]*pkgTypes{}, memo: newMemo()}
}

// pkg returns the declarations of a generated package, loading them on first use.
func (r *resolver) pkg(ref astmodel.PackageRef) (*pkgTypes, error) {
	if p, ok := r.pkgs[ref]; ok {
		return p, nil
	}
	decls, err := emit.TypeDecls(r.model, ref)
	if err != nil {
		return nil, err
	}
	p := &pkgTypes{ref: ref, decls: map[string]*dst.GenDecl{}, schemas: map[string]*apiext.JSONSchemaProps{}, busy: map[string]bool{}}
	for _, d := range decls {
		p.decls[d.Specs[0].(*dst.TypeSpec).Name.Name] = d
	}
	r.pkgs[ref] = p
	return p, nil
}

// typeSchema is the schema of a named type of p: its type expression's, with the type's
// description and markers.
func (r *resolver) typeSchema(p *pkgTypes, name string) (*apiext.JSONSchemaProps, error) {
	if s, ok := p.schemas[name]; ok {
		return s, nil
	}
	decl, ok := p.decls[name]
	if !ok {
		return nil, fmt.Errorf("%s: no type %s", p.ref, name)
	}
	if p.busy[name] {
		return nil, fmt.Errorf("%s.%s reaches itself: a CRD schema cannot hold it", p.ref, name)
	}
	p.busy[name] = true
	defer delete(p.busy, name)
	s, err := r.declSchema(p, decl)
	if err != nil {
		return nil, fmt.Errorf("%s.%s: %w", p.ref, name, err)
	}
	p.schemas[name] = s
	return s, nil
}

func (r *resolver) declSchema(p *pkgTypes, decl *dst.GenDecl) (*apiext.JSONSchemaProps, error) {
	c := readComment(decl.Decs.Start)
	ms, err := readMarkers(c.markers)
	if err != nil {
		return nil, err
	}
	s, _, err := r.exprSchema(p, decl.Specs[0].(*dst.TypeSpec).Type)
	if err != nil {
		return nil, err
	}
	s.Description = c.description
	if err := applyAll(&s, ms); err != nil {
		return nil, err
	}
	return &s, nil
}

// exprSchema is the schema of a type expression; named reports a named type, whose schema
// brings the type's description.
func (r *resolver) exprSchema(p *pkgTypes, e dst.Expr) (s apiext.JSONSchemaProps, named bool, err error) {
	switch e := e.(type) {
	case *dst.StarExpr:
		return r.exprSchema(p, e.X)
	case *dst.Ident:
		return r.identSchema(p, e)
	case *dst.ArrayType:
		items, _, err := r.exprSchema(p, e.Elt)
		return apiext.JSONSchemaProps{Type: "array", Items: &apiext.JSONSchemaPropsOrArray{Schema: &items}}, false, err
	case *dst.MapType:
		if key, ok := e.Key.(*dst.Ident); !ok || key.Name != "string" || key.Path != "" {
			return s, false, fmt.Errorf("map keys must be strings")
		}
		value, _, err := r.exprSchema(p, e.Value)
		return apiext.JSONSchemaProps{Type: "object", AdditionalProperties: &apiext.JSONSchemaPropsOrBool{Schema: &value, Allows: true}}, false, err
	case *dst.StructType:
		s, err := r.structSchema(p, e)
		return s, false, err
	}
	return s, false, fmt.Errorf("unsupported type expression %T", e)
}

// identSchema is the schema of a named type: a Go basic type, a type of a generated package or
// a type of goref's table.
func (r *resolver) identSchema(p *pkgTypes, id *dst.Ident) (apiext.JSONSchemaProps, bool, error) {
	if id.Path == "" {
		if s, ok := basicSchema(id.Name); ok {
			return s, false, nil
		}
		s, err := r.typeSchema(p, id.Name)
		if err != nil {
			return apiext.JSONSchemaProps{}, false, err
		}
		return *s, true, nil
	}
	if ref, ok := r.refs[id.Path]; ok {
		other, err := r.pkg(ref)
		if err != nil {
			return apiext.JSONSchemaProps{}, false, err
		}
		s, err := r.typeSchema(other, id.Name)
		if err != nil {
			return apiext.JSONSchemaProps{}, false, err
		}
		return *s, true, nil
	}
	s, err := knownSchema(goref.Ref{Path: id.Path, Name: id.Name})
	return s, true, err
}

// basicSchema is the schema of a Go basic type (floats allowed, as crd:allowDangerousTypes).
func basicSchema(name string) (apiext.JSONSchemaProps, bool) {
	switch name {
	case "string":
		return apiext.JSONSchemaProps{Type: "string"}, true
	case "bool":
		return apiext.JSONSchemaProps{Type: "boolean"}, true
	case "int", "int8", "int16", "uint", "uint8", "uint16":
		return apiext.JSONSchemaProps{Type: "integer"}, true
	case "int32", "uint32":
		return apiext.JSONSchemaProps{Type: "integer", Format: "int32"}, true
	case "int64", "uint64":
		return apiext.JSONSchemaProps{Type: "integer", Format: "int64"}, true
	case "float32", "float64":
		return apiext.JSONSchemaProps{Type: "number"}, true
	}
	return apiext.JSONSchemaProps{}, false
}

// structSchema is an object with a property per field; inline fields bring their properties.
// Required properties are sorted, as controller-gen's flattening leaves them.
func (r *resolver) structSchema(p *pkgTypes, st *dst.StructType) (apiext.JSONSchemaProps, error) {
	s := apiext.JSONSchemaProps{Type: "object", Properties: make(map[string]apiext.JSONSchemaProps, len(st.Fields.List))}
	for _, f := range st.Fields.List {
		if err := r.addField(p, &s, f); err != nil {
			return s, err
		}
	}
	slices.Sort(s.Required)
	s.Required = slices.Compact(s.Required)
	return s, nil
}

// addField adds a field's property (or, inline, its properties) to the object s.
func (r *resolver) addField(p *pkgTypes, s *apiext.JSONSchemaProps, f *dst.Field) error {
	name, inline, omitEmpty, err := jsonTag(f)
	if err != nil || name == "-" {
		return err
	}
	c := readComment(f.Decs.Start)
	ms, err := readMarkers(c.markers)
	if err != nil {
		return err
	}
	if ms.required || (!ms.optional && !inline && !omitEmpty) {
		s.Required = append(s.Required, name)
	}
	fs, named, err := r.exprSchema(p, f.Type)
	if err != nil {
		return fmt.Errorf("field %s: %w", name, err)
	}
	if c.description != "" || !named {
		fs.Description = c.description
	}
	if err := applyAll(&fs, ms); err != nil {
		return fmt.Errorf("field %s: %w", name, err)
	}
	if inline {
		return mergeInline(s, fs)
	}
	s.Properties[name] = fs
	return nil
}

// applyAll applies a comment's validation markers to s and to its items.
func applyAll(s *apiext.JSONSchemaProps, ms markers) error {
	if err := applyMarkers(s, ms.schema); err != nil {
		return err
	}
	if len(ms.items) == 0 {
		return nil
	}
	if s.Type != "array" || s.Items == nil || s.Items.Schema == nil {
		return fmt.Errorf("items markers on %q, not an array", s.Type)
	}
	items := *s.Items.Schema
	s.Items = &apiext.JSONSchemaPropsOrArray{Schema: &items}
	return applyMarkers(&items, ms.items)
}

// mergeInline adds the properties of an inline field's object to s.
func mergeInline(s *apiext.JSONSchemaProps, in apiext.JSONSchemaProps) error {
	rest := in
	rest.Description, rest.Type, rest.Properties, rest.Required = "", "", nil, nil
	if in.Type != "object" || !reflect.DeepEqual(rest, apiext.JSONSchemaProps{}) {
		return fmt.Errorf("an inline field must be a plain object")
	}
	for k, v := range in.Properties {
		if _, ok := s.Properties[k]; ok {
			return fmt.Errorf("inline property %s is there twice", k)
		}
		s.Properties[k] = v
	}
	s.Required = append(s.Required, in.Required...)
	return nil
}

// jsonTag reads a field's json tag: its name, and whether it is inline or omitempty.
func jsonTag(f *dst.Field) (name string, inline, omitEmpty bool, err error) {
	if f.Tag == nil {
		return "", false, false, fmt.Errorf("a field without a json tag")
	}
	tag := f.Tag.Value
	if len(tag) < 2 || tag[0] != '`' || tag[len(tag)-1] != '`' {
		if tag, err = strconv.Unquote(tag); err != nil {
			return "", false, false, err
		}
	} else {
		tag = tag[1 : len(tag)-1]
	}
	value, ok := jsonTagValue(tag)
	if !ok {
		return "", false, false, fmt.Errorf("a field without a json tag")
	}
	name, options, _ := strings.Cut(value, ",")
	for options != "" {
		var o string
		o, options, _ = strings.Cut(options, ",")
		inline = inline || o == "inline"
		omitEmpty = omitEmpty || o == "omitempty"
	}
	return name, inline || name == "", omitEmpty, nil
}

// jsonTagValue is the json key's value of a struct tag: read directly when the tag starts with
// it and it holds no escape (as emit writes tags), else by reflect.StructTag.
func jsonTagValue(tag string) (string, bool) {
	if rest, ok := strings.CutPrefix(tag, `json:"`); ok {
		if end := strings.IndexByte(rest, '"'); end >= 0 && !strings.Contains(rest[:end], `\`) {
			return rest[:end], true
		}
	}
	return reflect.StructTag(tag).Lookup("json")
}
