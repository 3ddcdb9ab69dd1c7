package emit

import (
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/goref"
)

const bagVar = "propertyBag"

// objectConversions writes AssignProperties_To_<Suffix> and AssignProperties_From_<Suffix> on the
// source object, as the plan says: properties it converts are converted; the others travel in the
// hub's property bag so that version → hub → version loses nothing.
func (g *convGen) objectConversions(c *astmodel.ObjectConversion) {
	g.assignTo(c)
	g.assignFrom(c)
}

func (g *convGen) srcHasBag() bool { return g.e.pkg.Ref.Storage }

func (g *convGen) assignTo(c *astmodel.ObjectConversion) {
	name := toName(c)
	g.assignStart(c, name, "destination", name+" copies this "+c.Source.Name.Name+" into the hub's "+c.Hub.Name.Name+".")
	f := g.newConvFunc(true)
	g.newBag("obj."+astmodel.PropertyBagName, g.srcHasBag())
	for _, h := range c.HubOnly {
		f.pullHubOnly(*h, g.srcHasBag())
	}
	for _, pc := range c.Properties {
		f.toProperty(pc)
	}
	g.storeBag("destination." + astmodel.PropertyBagName)
	g.funcEnd()
}

func (g *convGen) assignFrom(c *astmodel.ObjectConversion) {
	name := fromName(c)
	g.assignStart(c, name, "source", name+" populates this "+c.Source.Name.Name+" from the hub's "+c.Hub.Name.Name+".")
	f := g.newConvFunc(false)
	if g.srcHasBag() || len(c.Bagged()) > 0 {
		g.newBag("source."+astmodel.PropertyBagName, true)
	}
	for _, pc := range c.Properties {
		f.fromProperty(pc)
	}
	if g.srcHasBag() {
		for _, h := range c.HubOnly {
			f.addToBag(h.Name, "source."+h.Name, isPointer(*h, true) || isNillable(h.Type))
		}
		g.storeBag("obj." + astmodel.PropertyBagName)
	}
	g.funcEnd()
}

// assignStart writes the doc comment and signature of an AssignProperties method and opens its
// body.
func (g *convGen) assignStart(c *astmodel.ObjectConversion, name, param, doc string) {
	g.funcStart(doc, "obj", c.Source.Name.Name, name)
	g.w.S(param, " *")
	g.e.writeName(g.w, c.Hub.Name)
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
func (c *convFunc) toProperty(pc astmodel.PropertyConversion) {
	sp, src := *pc.Source, "obj."+pc.Source.Name
	if pc.Convert {
		hp := *pc.Hub
		c.convertInto("destination."+hp.Name, shapeOf(hp, true), src, shapeOf(sp, c.g.srcHasBag()), sp.Name)
		return
	}
	if pc.Hub != nil {
		c.assignZero("destination."+pc.Hub.Name, shapeOf(*pc.Hub, true))
	}
	c.addToBag(sp.Name, src, isPointer(sp, c.g.srcHasBag()) || isNillable(sp.Type))
}

// fromProperty converts one hub property back into the source object, or pulls it from the bag.
func (c *convFunc) fromProperty(pc astmodel.PropertyConversion) {
	sp := *pc.Source
	target := "obj." + sp.Name
	if pc.Convert {
		hp := *pc.Hub
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
