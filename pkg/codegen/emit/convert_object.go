package emit

import (
	"go/token"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/dave/dst"
)

const bagVar = "propertyBag"

// objectConversions renders AssignProperties_To_<Hub> and AssignProperties_From_<Hub> on the
// source object. Properties both sides hold with compatible types are converted; the others
// travel in the hub's property bag so that version → hub → version loses nothing.
func (g *convGen) objectConversions(p objPair) []dst.Decl {
	return []dst.Decl{g.assignTo(p), g.assignFrom(p)}
}

func (g *convGen) srcHasBag() bool { return g.e.pkg.Ref.Storage }

func (g *convGen) assignTo(p objPair) dst.Decl {
	c := g.newConvFunc(true)
	body := []dst.Stmt{define(bagVar, g.newBag(field("obj", astmodel.PropertyBagName), g.srcHasBag()))}
	for _, h := range hubOnly(p.src, p.hub) {
		body = append(body, c.pullHubOnly(h, g.srcHasBag())...)
	}
	for _, sp := range p.src.Properties {
		body = append(body, c.toProperty(sp, p.hub)...)
	}
	body = append(body, storeBag(field("destination", astmodel.PropertyBagName)), ret(nilExpr()))
	return g.assignMethod(p, g.toName(p.src, p.hub), "destination", body,
		g.toName(p.src, p.hub)+" copies this "+p.src.Name.Name+" into the hub's "+p.hub.Name.Name+".")
}

func (g *convGen) assignFrom(p objPair) dst.Decl {
	c := g.newConvFunc(false)
	var body []dst.Stmt
	if g.srcHasBag() || g.bagsSomething(p) {
		body = append(body, define(bagVar, g.newBag(field("source", astmodel.PropertyBagName), true)))
	}
	for _, sp := range p.src.Properties {
		body = append(body, c.fromProperty(sp, p.hub)...)
	}
	if g.srcHasBag() {
		for _, h := range hubOnly(p.src, p.hub) {
			body = append(body, c.addToBag(h.Name, field("source", h.Name), isPointer(h, true) || isNillable(h.Type))...)
		}
		body = append(body, storeBag(field("obj", astmodel.PropertyBagName)))
	}
	body = append(body, ret(nilExpr()))
	return g.assignMethod(p, g.fromName(p.src, p.hub), "source", body,
		g.fromName(p.src, p.hub)+" populates this "+p.src.Name.Name+" from the hub's "+p.hub.Name.Name+".")
}

func (g *convGen) assignMethod(p objPair, name, param_ string, body []dst.Stmt, doc string) dst.Decl {
	return method{recv: "obj", recvType: ptrType(id(p.src.Name.Name)), name: name, doc: []string{doc},
		params:  []param{{param_, ptrType(g.e.nameExpr(p.hub.Name))}},
		results: []param{{"", id("error")}},
		body:    body}.decl()
}

// newBag copies the bag at from (when there is one) so that the source stays untouched.
func (g *convGen) newBag(from dst.Expr, has bool) dst.Expr {
	if !has {
		return call(qual(genruntimePath, "NewPropertyBag"))
	}
	return call(qual(genruntimePath, "NewPropertyBag"), from)
}

// storeBag keeps the bag only when it holds something, so empty bags do not show in YAML.
func storeBag(target dst.Expr) dst.Stmt {
	return ifStmt(&dst.BinaryExpr{X: lenExpr(id(bagVar)), Op: token.GTR, Y: intLit(0)},
		[]dst.Stmt{assign(target, id(bagVar))},
		assign(dst.Clone(target).(dst.Expr), nilExpr()))
}

// toProperty converts one source property into the hub object, or bags it.
func (c *convFunc) toProperty(sp astmodel.Property, hub *astmodel.Object) []dst.Stmt {
	if sp.Name == astmodel.PropertyBagName {
		return nil
	}
	src := field("obj", sp.Name)
	if hp, ok := counterpart(hub, sp); ok && c.g.compatible(sp.Type, hp.Type) {
		return c.convertInto(field("destination", hp.Name), shapeOf(hp, true), src, shapeOf(sp, c.g.srcHasBag()), sp.Name)
	}
	stmts := c.addToBag(sp.Name, src, isPointer(sp, c.g.srcHasBag()) || isNillable(sp.Type))
	if hp, ok := counterpart(hub, sp); ok {
		stmts = append([]dst.Stmt{assign(field("destination", hp.Name), c.zero(shapeOf(hp, true)))}, stmts...)
	}
	return stmts
}

// bagsSomething reports whether a source property has no compatible hub property.
func (g *convGen) bagsSomething(p objPair) bool {
	return len(g.bagged(p.src, p.hub)) > 0
}

// fromProperty converts one hub property back into the source object, or pulls it from the bag.
func (c *convFunc) fromProperty(sp astmodel.Property, hub *astmodel.Object) []dst.Stmt {
	if sp.Name == astmodel.PropertyBagName {
		return nil
	}
	target := field("obj", sp.Name)
	if hp, ok := counterpart(hub, sp); ok && c.g.compatible(sp.Type, hp.Type) {
		return c.convertInto(target, shapeOf(sp, c.g.srcHasBag()), field("source", hp.Name), shapeOf(hp, true), sp.Name)
	}
	return c.pull(sp, c.g.srcHasBag(), target)
}

// pullHubOnly fills a hub property the source lacks from the source's bag, if it has one.
func (c *convFunc) pullHubOnly(h astmodel.Property, srcHasBag bool) []dst.Stmt {
	target := field("destination", h.Name)
	if !srcHasBag {
		return []dst.Stmt{assign(target, c.zero(shapeOf(h, true)))}
	}
	return c.pull(h, true, target)
}

// pull resets target, then decodes the bag's entry for p into it, when present.
func (c *convFunc) pull(p astmodel.Property, storage bool, target dst.Expr) []dst.Stmt {
	pullCall := &dst.AssignStmt{Lhs: []dst.Expr{id("_"), id("err")}, Tok: token.DEFINE,
		Rhs: []dst.Expr{call(sel(id(bagVar), "Pull"), str(p.Name), addr(dst.Clone(target).(dst.Expr)))}}
	return []dst.Stmt{
		assign(target, c.zero(shapeOf(p, storage))),
		&dst.IfStmt{Init: pullCall, Cond: notNil(id("err")), Body: block(ret(wrapErr("restoring " + p.Name)))},
	}
}

// addToBag stores value under name; a nil value is removed instead.
func (c *convFunc) addToBag(name string, value dst.Expr, nillable bool) []dst.Stmt {
	add := ifErr(call(sel(id(bagVar), "Add"), str(name), value), wrapErr("storing "+name))
	if !nillable {
		return []dst.Stmt{add}
	}
	remove := exprStmt(call(sel(id(bagVar), "Remove"), str(name)))
	return []dst.Stmt{ifStmt(notNil(dst.Clone(value).(dst.Expr)), []dst.Stmt{add}, remove)}
}

func isNillable(t astmodel.Type) bool {
	switch t.(type) {
	case *astmodel.ArrayType, *astmodel.MapType:
		return true
	}
	return t == astmodel.PropertyBagType
}

// counterpart is the property of o that p converts to and from: the one with p's JSON name, which
// is the spec's name in every version, while a Go name may carry a different number where the
// versions have different sets of colliding names.
func counterpart(o *astmodel.Object, p astmodel.Property) (astmodel.Property, bool) {
	for i := range o.Properties { // by index: a property is a dozen words to copy
		if q := &o.Properties[i]; q.JSONName == p.JSONName && q.Name != astmodel.PropertyBagName {
			return *q, true
		}
	}
	return astmodel.Property{}, false
}
