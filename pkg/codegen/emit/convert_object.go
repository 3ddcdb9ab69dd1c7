package emit

import (
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/goref"
)

const bagVar = "propertyBag"

// objectConversions writes AssignProperties_To_<Hub> and AssignProperties_From_<Hub> on the
// source object. Properties both sides hold with compatible types are converted; the others
// travel in the hub's property bag so that version → hub → version loses nothing.
func (g *convGen) objectConversions(p objPair) {
	g.assignTo(p)
	g.assignFrom(p)
}

func (g *convGen) srcHasBag() bool { return g.e.pkg.Ref.Storage }

// The method names below were given when the pair was enqueued (see assignSuffix), so writing
// them before the body names nothing in a different order than building the body first did.

func (g *convGen) assignTo(p objPair) {
	name := g.toName(p.src, p.hub)
	g.assignStart(p, name, "destination", name+" copies this "+p.src.Name.Name+" into the hub's "+p.hub.Name.Name+".")
	c := g.newConvFunc(true)
	g.newBag("obj."+astmodel.PropertyBagName, g.srcHasBag())
	for _, h := range hubOnly(p.src, p.hub) {
		c.pullHubOnly(h, g.srcHasBag())
	}
	for _, sp := range p.src.Properties {
		c.toProperty(sp, p.hub)
	}
	g.storeBag("destination." + astmodel.PropertyBagName)
	g.funcEnd()
}

func (g *convGen) assignFrom(p objPair) {
	name := g.fromName(p.src, p.hub)
	g.assignStart(p, name, "source", name+" populates this "+p.src.Name.Name+" from the hub's "+p.hub.Name.Name+".")
	c := g.newConvFunc(false)
	if g.srcHasBag() || g.bagsSomething(p) {
		g.newBag("source."+astmodel.PropertyBagName, true)
	}
	for _, sp := range p.src.Properties {
		c.fromProperty(sp, p.hub)
	}
	if g.srcHasBag() {
		for _, h := range hubOnly(p.src, p.hub) {
			c.addToBag(h.Name, "source."+h.Name, isPointer(h, true) || isNillable(h.Type))
		}
		g.storeBag("obj." + astmodel.PropertyBagName)
	}
	g.funcEnd()
}

// assignStart writes the doc comment and signature of an AssignProperties method and opens its
// body.
func (g *convGen) assignStart(p objPair, name, param, doc string) {
	g.funcStart(doc, "obj", p.src.Name.Name, name)
	g.w.S(param, " *")
	g.e.writeName(g.w, p.hub.Name)
	g.funcBody()
}

// newBag declares the method's bag, a copy of the bag at from (when there is one) so that the
// source stays untouched.
func (g *convGen) newBag(from string, has bool) {
	g.w.Line()
	g.w.S(bagVar, " := ")
	g.runtimeCall(goref.NewPropertyBag)
	if has {
		g.w.S(from)
	}
	g.w.S(")")
}

// storeBag keeps the bag only when it holds something, so empty bags do not show in YAML.
func (g *convGen) storeBag(target string) {
	g.w.Line()
	g.w.S("if len(", bagVar, ") > 0")
	g.w.Open()
	g.elseNil(target, bagVar)
}

// toProperty converts one source property into the hub object, or bags it.
func (c *convFunc) toProperty(sp astmodel.Property, hub *astmodel.Object) {
	if sp.Name == astmodel.PropertyBagName {
		return
	}
	src := "obj." + sp.Name
	hp, ok := counterpart(hub, sp)
	if ok && c.g.compatible(sp.Type, hp.Type) {
		c.convertInto("destination."+hp.Name, shapeOf(hp, true), src, shapeOf(sp, c.g.srcHasBag()), sp.Name)
		return
	}
	if ok {
		c.assignZero("destination."+hp.Name, shapeOf(hp, true))
	}
	c.addToBag(sp.Name, src, isPointer(sp, c.g.srcHasBag()) || isNillable(sp.Type))
}

// bagsSomething reports whether a source property has no compatible hub property.
func (g *convGen) bagsSomething(p objPair) bool {
	return len(g.bagged(p.src, p.hub)) > 0
}

// fromProperty converts one hub property back into the source object, or pulls it from the bag.
func (c *convFunc) fromProperty(sp astmodel.Property, hub *astmodel.Object) {
	if sp.Name == astmodel.PropertyBagName {
		return
	}
	target := "obj." + sp.Name
	if hp, ok := counterpart(hub, sp); ok && c.g.compatible(sp.Type, hp.Type) {
		c.convertInto(target, shapeOf(sp, c.g.srcHasBag()), "source."+hp.Name, shapeOf(hp, true), sp.Name)
		return
	}
	c.pull(sp, c.g.srcHasBag(), target)
}

// pullHubOnly fills a hub property the source lacks from the source's bag, if it has one.
func (c *convFunc) pullHubOnly(h astmodel.Property, srcHasBag bool) {
	target := "destination." + h.Name
	if !srcHasBag {
		c.assignZero(target, shapeOf(h, true))
		return
	}
	c.pull(h, true, target)
}

// pull resets target, then decodes the bag's entry for p into it, when present.
func (c *convFunc) pull(p astmodel.Property, storage bool, target string) {
	w := c.g.w
	c.assignZero(target, shapeOf(p, storage))
	w.Line()
	w.S("if _, err := ", bagVar, ".Pull(")
	w.Quote(p.Name)
	w.S(", &", target, "); err != nil")
	c.g.returnWrapped("restoring " + p.Name)
}

// addToBag stores value under name; a nil value is removed instead.
func (c *convFunc) addToBag(name, value string, nillable bool) {
	w := c.g.w
	if nillable {
		w.Line()
		w.S("if ", value, " != nil")
		w.Open()
	}
	c.g.ifErrStart()
	w.S(bagVar, ".Add(")
	w.Quote(name)
	w.S(", ", value, ")")
	c.g.ifErrEnd("storing " + name)
	if !nillable {
		return
	}
	w.Close()
	w.S(" else")
	w.Open()
	w.Line()
	w.S(bagVar, ".Remove(")
	w.Quote(name)
	w.S(")")
	w.Close()
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
