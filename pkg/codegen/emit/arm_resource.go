package emit

import (
	"fmt"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/goref"
	"github.com/dave/dst"
)

// armFile renders <kind>_arm_gen.go: the ARM payload structs of the family's objects, their
// conversions, and the genruntime.ARMResource methods of the resource.
func (e *pkgEmitter) armFile(fam *family) (*goFile, error) {
	if e.pkg.ARM == nil {
		return nil, fmt.Errorf("internal error: %s has no ARM types (the armTypes stage did not run)", e.pkg.Ref)
	}
	f := e.newFile(armFileName(fam))
	f.Add(e.armResourceMethods(fam.resource)...)
	for _, o := range fam.objects() {
		if arm := e.pkg.ARM[o.Name.Name]; arm != nil {
			e.armObject(f, o, arm)
		}
	}
	return f, nil
}

// armObject adds the ARM struct of an object and the conversions the model asks for to f.
func (e *pkgEmitter) armObject(f *goFile, o *astmodel.Object, arm *astmodel.ARMObject) {
	f.Add(e.armStructDecls(arm, arm.Name+" is the ARM JSON of "+o.Name.Name+".")...)
	if o.OneOf != nil {
		f.Add(e.oneOfMarshal(o, arm), e.oneOfUnmarshal(o, arm))
	}
	w := gofile.NewCode()
	if arm.Sent {
		e.toARMMethod(w, o, arm)
	}
	if arm.Received {
		e.fromARMMethod(w, o, arm)
	}
	f.AddCode(w)
}

// armResourceMethods make the resource a genruntime.ARMResource.
func (e *pkgEmitter) armResourceMethods(r *astmodel.Resource) []dst.Decl {
	recv := recvOf(r)
	return []dst.Decl{
		assertion(qualRef(goref.ARMResource), r.Kind()),
		method{recv: "r", recvType: recv, name: "ARMIDFromOwner",
			doc:     []string{"ARMIDFromOwner returns the ARM ID of the resource below the owner's ARM ID."},
			params:  []param{{"ownerID", id("string")}},
			results: []param{{"", id("string")}},
			body:    []dst.Stmt{ret(&dst.BinaryExpr{Op: tokAdd, X: idPrefix(r), Y: call(field("r", "AzureName"))})}}.decl(),
		e.specToARM(r),
		method{recv: "r", recvType: dst.Clone(recv).(dst.Expr), name: "NewARMStatus",
			doc:     []string{"NewARMStatus returns an empty ARM GET response to decode into."},
			results: []param{{"", id("any")}},
			body:    []dst.Stmt{ret(addr(composite(id(e.pkg.ARM[r.Status.Name].Name))))}}.decl(),
		e.statusFromARM(r),
	}
}

// idPrefix is what the resource's ARM ID has before its name: the owner's ID and the child path,
// or the child path alone (/providers/...) for a tenant-scoped resource, whose ownerID (the
// subscription's) is not part of it.
func idPrefix(r *astmodel.Resource) dst.Expr {
	if r.Scope == astmodel.ScopeTenant && r.Owner == nil {
		return str(r.ChildPath + "/")
	}
	return &dst.BinaryExpr{X: id("ownerID"), Op: tokAdd, Y: str(r.ChildPath + "/")}
}

func (e *pkgEmitter) specToARM(r *astmodel.Resource) dst.Decl {
	body := []dst.Stmt{
		&dst.AssignStmt{Lhs: []dst.Expr{id("result"), id("err")}, Tok: tokDefine,
			Rhs: []dst.Expr{call(field("r", "Spec", "toARM"), id("resolved"))}},
		ifStmt(notNil(id("err")), []dst.Stmt{ret(nilExpr(), id("err"))}),
		assign(field("result", "Name"), call(field("r", "AzureName"))),
		ret(id("result"), nilExpr()),
	}
	return method{recv: "r", recvType: recvOf(r), name: "SpecToARM",
		doc:     []string{"SpecToARM converts the spec to the ARM PUT body; the name is AzureName()."},
		params:  []param{{"resolved", qualRef(goref.ResolvedReferences)}},
		results: []param{{"", id("any")}, {"", id("error")}},
		body:    body}.decl()
}

func (e *pkgEmitter) statusFromARM(r *astmodel.Resource) dst.Decl {
	armType := e.pkg.ARM[r.Status.Name].Name
	cast := &dst.TypeAssertExpr{X: id("armStatus"), Type: ptrType(id(armType))}
	failure := call(qualRef(goref.ErrorsErrorf), str("expected *"+armType+" but got %T"), id("armStatus"))
	body := []dst.Stmt{
		&dst.AssignStmt{Lhs: []dst.Expr{id("arm"), id("ok")}, Tok: tokDefine, Rhs: []dst.Expr{cast}},
		ifStmt(&dst.UnaryExpr{Op: tokNot, X: id("ok")}, []dst.Stmt{ret(failure)}),
		varDecl("status", id(r.Status.Name)),
		exprStmt(call(sel(id("status"), "fromARM"), id("arm"))),
		assign(field("status", conditionsProp), field("r", "Status", conditionsProp)),
		assign(field("r", "Status"), id("status")),
		ret(nilExpr()),
	}
	return method{recv: "r", recvType: recvOf(r), name: "StatusFromARM",
		doc:     []string{"StatusFromARM sets the status from a decoded ARM GET response, keeping the conditions."},
		params:  []param{{"armStatus", id("any")}},
		results: []param{{"", id("error")}},
		body:    body}.decl()
}
