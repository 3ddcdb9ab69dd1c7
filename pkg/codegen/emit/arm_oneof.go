package emit

import (
	"go/token"
	"maps"
	"slices"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/goref"
	"github.com/dave/dst"
)

// Names of the per-package helpers behind discriminated unions.
const (
	marshalOneOfFunc  = "marshalOneOf"
	discriminatorFunc = "oneOfDiscriminator"
)

// oneOfOptions lists the union's option fields in the ARM struct, sorted by option name.
func oneOfOptions(o *astmodel.Object, arm *astmodel.ARMObject) []astmodel.ARMField {
	var out []astmodel.ARMField
	for _, name := range slices.Sorted(maps.Keys(o.OneOf.Values)) {
		for _, f := range arm.Fields {
			if f.Property != nil && f.Property.Name == name {
				out = append(out, f)
			}
		}
	}
	return out
}

// oneOfMarshal renders MarshalJSON: the option that is set, with its discriminator value.
func (e *pkgEmitter) oneOfMarshal(o *astmodel.Object, arm *astmodel.ARMObject) dst.Decl {
	body := []dst.Stmt{plainType(arm.Name), define("base", call(id("plain"), id("u")))}
	options := oneOfOptions(o, arm)
	for _, c := range options {
		body = append(body, assign(field("base", c.GoName), nilExpr()))
	}
	for _, c := range options {
		marshal := call(id(marshalOneOfFunc), id("base"), field("u", c.GoName), str(o.OneOf.Discriminator), str(o.OneOf.Values[c.Property.Name]))
		body = append(body, ifStmt(notNil(field("u", c.GoName)), []dst.Stmt{ret(marshal)}))
	}
	body = append(body, ret(call(qualRef(goref.JSONMarshal), id("base"))))
	return method{recv: "u", recvType: id(arm.Name), name: "MarshalJSON",
		doc:     []string{"MarshalJSON sends the other properties and the option that is set, with its discriminator."},
		results: []param{{"", &dst.ArrayType{Elt: id("byte")}}, {"", id("error")}},
		body:    body}.decl()
}

// oneOfUnmarshal renders UnmarshalJSON: the discriminator picks the option to decode.
func (e *pkgEmitter) oneOfUnmarshal(o *astmodel.Object, arm *astmodel.ARMObject) dst.Decl {
	sw := &dst.SwitchStmt{Tag: id("value"), Body: block()}
	for _, c := range oneOfOptions(o, arm) {
		optType := e.armFieldType(*c.Property).(*dst.StarExpr).X
		sw.Body.List = append(sw.Body.List, &dst.CaseClause{
			List: []dst.Expr{str(o.OneOf.Values[c.Property.Name])},
			Body: []dst.Stmt{
				assign(field("u", c.GoName), addr(composite(optType))),
				ret(call(qualRef(goref.JSONUnmarshal), id("data"), field("u", c.GoName))),
			},
		})
	}
	body := []dst.Stmt{
		plainType(arm.Name),
		varDecl("base", id("plain")),
		ifErr(call(qualRef(goref.JSONUnmarshal), id("data"), addr(id("base"))), id("err")),
		assign(star(id("u")), call(id(arm.Name), id("base"))),
		&dst.AssignStmt{Lhs: []dst.Expr{id("value"), id("err")}, Tok: tokDefine,
			Rhs: []dst.Expr{call(id(discriminatorFunc), id("data"), str(o.OneOf.Discriminator))}},
		ifStmt(notNil(id("err")), []dst.Stmt{ret(id("err"))}),
		sw,
		ret(nilExpr()),
	}
	return method{recv: "u", recvType: ptrType(id(arm.Name)), name: "UnmarshalJSON",
		doc:     []string{"UnmarshalJSON decodes the other properties and the option named by the discriminator;", "an unknown option is left unset."},
		params:  []param{{"data", &dst.ArrayType{Elt: id("byte")}}},
		results: []param{{"", id("error")}},
		body:    body}.decl()
}

// plainType declares `type plain T` locally: T's fields without its JSON methods.
func plainType(name string) dst.Stmt {
	spec := &dst.TypeSpec{Name: id("plain"), Type: id(name)}
	return &dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.TYPE, Specs: []dst.Spec{spec}}}
}
