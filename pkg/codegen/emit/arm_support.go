package emit

import (
	"github.com/asogen/asogen/pkg/goref"
	"github.com/dave/dst"
)

// supportFile renders arm_support_gen.go for an API package when its ARM code needs it: the
// {"id": ...} reference shape and the helpers of discriminated unions.
func (e *pkgEmitter) supportFile() *goFile {
	refs, unions := e.armFeatures()
	if !refs && !unions {
		return nil
	}
	f := e.newFile(supportFileName)
	if refs {
		idField := &dst.Field{Names: []*dst.Ident{id("ID")}, Type: id("string"), Tag: jsonTag("id")}
		f.Add(typeDecl(resourceIDARM, &dst.StructType{Fields: &dst.FieldList{List: []*dst.Field{idField}}},
			[]string{resourceIDARM + " is how ARM JSON refers to another resource: by its ID."}))
	}
	if unions {
		f.Add(marshalOneOfDecl(), discriminatorDecl())
	}
	return f
}

// armFeatures reports whether the package sends references as {"id": ...} and has unions.
func (e *pkgEmitter) armFeatures() (refs, unions bool) {
	return e.pkg.SendsARMIDs(), e.pkg.HasUnions()
}

func marshalOneOfDecl() dst.Decl {
	rawMap := &dst.MapType{Key: id("string"), Value: qualRef(goref.RawMessage)}
	body := []dst.Stmt{
		varDecl("fields", rawMap),
		rangeStmt("_", "part", &dst.CompositeLit{Type: &dst.ArrayType{Elt: id("any")}, Elts: []dst.Expr{id("base"), id("option")}},
			&dst.AssignStmt{Lhs: []dst.Expr{id("data"), id("err")}, Tok: tokDefine,
				Rhs: []dst.Expr{call(qualRef(goref.JSONMarshal), id("part"))}},
			ifStmt(notNil(id("err")), []dst.Stmt{ret(nilExpr(), id("err"))}),
			ifErr(call(qualRef(goref.JSONUnmarshal), id("data"), addr(id("fields"))), nilExpr(), id("err")),
		),
		&dst.AssignStmt{Lhs: []dst.Expr{id("tag"), id("err")}, Tok: tokDefine,
			Rhs: []dst.Expr{call(qualRef(goref.JSONMarshal), id("value"))}},
		ifStmt(notNil(id("err")), []dst.Stmt{ret(nilExpr(), id("err"))}),
		assign(index(id("fields"), id("discriminator")), id("tag")),
		ret(call(qualRef(goref.JSONMarshal), id("fields"))),
	}
	return method{name: marshalOneOfFunc,
		doc: []string{marshalOneOfFunc + " encodes a union: the properties of base, those of the chosen option, and",
			"the discriminator naming the option."},
		params:  []param{{"base", id("any")}, {"option", id("any")}, {"discriminator", id("string")}, {"value", id("string")}},
		results: []param{{"", &dst.ArrayType{Elt: id("byte")}}, {"", id("error")}},
		body:    body}.decl()
}

func discriminatorDecl() dst.Decl {
	rawMap := &dst.MapType{Key: id("string"), Value: qualRef(goref.RawMessage)}
	body := []dst.Stmt{
		varDecl("fields", rawMap),
		ifErr(call(qualRef(goref.JSONUnmarshal), id("data"), addr(id("fields"))), str(""), id("err")),
		varDecl("value", id("string")),
		ifStmt(notNil(index(id("fields"), id("discriminator"))), []dst.Stmt{
			ifErr(call(qualRef(goref.JSONUnmarshal), index(id("fields"), id("discriminator")), addr(id("value"))), str(""), id("err")),
		}),
		ret(id("value"), nilExpr()),
	}
	return method{name: discriminatorFunc,
		doc:     []string{discriminatorFunc + " reads the discriminator property of a union's JSON."},
		params:  []param{{"data", &dst.ArrayType{Elt: id("byte")}}, {"discriminator", id("string")}},
		results: []param{{"", id("string")}, {"", id("error")}},
		body:    body}.decl()
}
