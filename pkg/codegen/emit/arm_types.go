package emit

import (
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/dave/dst"
)

// resourceIDARM is the ARM shape of a reference to another resource: {"id": "..."}.
const resourceIDARM = "ResourceID_ARM"

// armStructDecls declares the ARM struct a and the struct of every nesting below it.
func (e *pkgEmitter) armStructDecls(a *astmodel.ARMObject, doc string) []dst.Decl {
	fields := &dst.FieldList{}
	if a.NameField {
		fields.List = append(fields.List, &dst.Field{Names: []*dst.Ident{id("Name")}, Type: id("string"), Tag: jsonTag("name")})
	}
	var nested []dst.Decl
	for _, f := range a.Fields {
		if f.Nested != nil {
			fields.List = append(fields.List, &dst.Field{Names: []*dst.Ident{id(f.GoName)},
				Type: ptrType(id(f.Nested.Name)), Tag: jsonTag(f.JSONName)})
			nested = append(nested, e.armStructDecls(f.Nested, f.Nested.Name+" holds the \""+f.JSONName+"\" of the ARM payload.")...)
			continue
		}
		fields.List = append(fields.List, &dst.Field{Names: []*dst.Ident{id(f.GoName)},
			Type: e.armFieldType(*f.Property), Tag: jsonTag(f.JSONName)})
	}
	decl := typeDecl(a.Name, &dst.StructType{Fields: fields}, []string{doc})
	return append([]dst.Decl{decl}, nested...)
}

// armFieldType is the Go type of a property in ARM JSON: scalars and objects are pointers so
// that only what is set is sent.
func (e *pkgEmitter) armFieldType(p astmodel.Property) dst.Expr {
	if p.IdentityKeys {
		return identityMapType()
	}
	t := e.armType(p.Type, p.ARMID())
	switch p.Type.(type) {
	case *astmodel.ArrayType, *astmodel.MapType:
		return t
	}
	return ptrType(t)
}

func (e *pkgEmitter) armType(t astmodel.Type, ref bool) dst.Expr {
	switch t := t.(type) {
	case *astmodel.ArrayType:
		return &dst.ArrayType{Elt: e.armType(t.Elem, ref)}
	case *astmodel.MapType:
		return &dst.MapType{Key: id("string"), Value: e.armType(t.Value, ref)}
	}
	switch {
	case ref:
		return id(resourceIDARM)
	case t == astmodel.ResourceReferenceType, t == astmodel.SecretReferenceType:
		return id("string") // an ARM ID or a secret's value
	}
	if n, ok := e.armTypeOf(t); ok {
		return e.nameExpr(n)
	}
	return e.typeExpr(t)
}

// writeARMType writes the type armType gives.
func (e *pkgEmitter) writeARMType(w *gofile.Code, t astmodel.Type, ref bool) {
	switch t := t.(type) {
	case *astmodel.ArrayType:
		w.S("[]")
		e.writeARMType(w, t.Elem, ref)
		return
	case *astmodel.MapType:
		w.S("map[string]")
		e.writeARMType(w, t.Value, ref)
		return
	}
	switch {
	case ref:
		w.S(resourceIDARM)
	case t == astmodel.ResourceReferenceType, t == astmodel.SecretReferenceType:
		w.S("string")
	default:
		if n, ok := e.armTypeOf(t); ok {
			e.writeName(w, n)
			return
		}
		e.writeType(w, t)
	}
}

// armTypeOf returns the name of the ARM type of the object t names, as the model has it.
func (e *pkgEmitter) armTypeOf(t astmodel.Type) (astmodel.TypeName, bool) {
	n, ok := t.(astmodel.TypeName)
	if !ok {
		return astmodel.TypeName{}, false
	}
	p, ok := e.model.Packages[n.Package]
	if !ok {
		return astmodel.TypeName{}, false
	}
	if a := p.ARM[n.Name]; a != nil {
		return astmodel.TypeName{Package: n.Package, Name: a.Name}, true
	}
	return astmodel.TypeName{}, false
}

func (e *pkgEmitter) isObject(n astmodel.TypeName) bool {
	p, ok := e.model.Packages[n.Package]
	if !ok {
		return false
	}
	_, isObj := p.Object(n.Name)
	return isObj
}

// identityMapType is the ARM shape of userAssignedIdentities: ARM ID → {} (an empty
// map[string]string, which also keeps controller-gen's deepcopy simple).
func identityMapType() dst.Expr {
	return &dst.MapType{Key: id("string"), Value: identityValueType()}
}

func identityValueType() dst.Expr {
	return &dst.MapType{Key: id("string"), Value: id("string")}
}
