package emit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/naming"
	"github.com/dave/dst"
)

// resourceIDARM is the ARM shape of a reference to another resource: {"id": "..."}.
const resourceIDARM = "ResourceID_ARM"

// armNode is one level of an object's ARM JSON: either a property (leaf) or a nesting such as
// "properties" that holds the flattened properties.
type armNode struct {
	seg      string             // JSON name at this level
	goName   string             // Go field name
	typeName string             // struct name of a nesting
	prop     *astmodel.Property // set for a leaf
	children []*armNode         // sorted by JSON name
}

// armName is the name of the ARM struct of an object.
func armName(n string) string { return n + "_ARM" }

// armTree arranges an object's properties by ARMPath. AzureName, the owner, conditions and the
// property bag have no place in ARM JSON.
func armTree(o *astmodel.Object) (*armNode, error) {
	root := &armNode{typeName: armName(o.Name.Name)}
	for i := range o.Properties {
		p := &o.Properties[i]
		if !inARM(*p) {
			continue
		}
		if err := root.insert(p, p.ARMJSONPath(), o.Name.Name); err != nil {
			return nil, fmt.Errorf("%s: %w", o.Name, err)
		}
	}
	root.sort()
	root.nameChildren()
	return root, nil
}

// nameChildren gives the fields of each nesting their Go names: a property keeps its own (unique
// in the object, so the ARM struct and the Kubernetes struct name a property alike); a nesting
// such as "properties" takes the Go name of its JSON name, with a number when a property or an
// earlier nesting has it, and its struct is named after it.
func (n *armNode) nameChildren() {
	used := map[string]bool{}
	for _, m := range astmodel.MethodNames { // an ARM struct has DeepCopy too
		used[m] = true
	}
	for _, c := range n.children {
		if c.prop != nil {
			c.goName = c.prop.Name
			used[c.goName] = true
		}
	}
	for _, c := range n.children {
		if c.prop != nil {
			continue
		}
		c.goName = freeName(naming.GoName(c.seg), used)
		used[c.goName] = true
		c.typeName = armName(strings.TrimSuffix(n.typeName, "_ARM") + "_" + c.goName)
		c.nameChildren()
	}
}

// freeName returns name, or name with the smallest number from 2 on that is not in used.
func freeName(name string, used map[string]bool) string {
	return freeNameWhere(name, func(n string) bool { return used[n] })
}

// freeNameWhere is freeName with the names taken given by a function.
func freeNameWhere(name string, taken func(string) bool) string {
	n := name
	for i := 2; taken(n); i++ {
		n = name + strconv.Itoa(i)
	}
	return n
}

func inARM(p astmodel.Property) bool {
	if p.Type == astmodel.ConfigMapReferenceType { // a config input's ...FromConfig: read into the value
		return false
	}
	switch p.Name {
	case azureNameProp, ownerProp, astmodel.PropertyBagName, operatorSpecProp:
		return false
	case conditionsProp:
		a, ok := p.Type.(*astmodel.ArrayType)
		return !ok || a.Elem != astmodel.ConditionType
	}
	return true
}

func (n *armNode) insert(p *astmodel.Property, path []string, prefix string) error {
	child := n.child(path[0])
	if len(path) == 1 {
		if child != nil {
			return fmt.Errorf("ARM path %s is used twice", strings.Join(p.ARMJSONPath(), "."))
		}
		n.children = append(n.children, &armNode{seg: path[0], prop: p})
		return nil
	}
	if child == nil { // named by nameChildren once the tree is complete
		child = &armNode{seg: path[0]}
		n.children = append(n.children, child)
	}
	if child.prop != nil {
		return fmt.Errorf("ARM path %s nests under property %s", strings.Join(p.ARMJSONPath(), "."), child.prop.Name)
	}
	return child.insert(p, path[1:], prefix)
}

func (n *armNode) child(seg string) *armNode {
	for _, c := range n.children {
		if c.seg == seg {
			return c
		}
	}
	return nil
}

func (n *armNode) sort() {
	slices.SortFunc(n.children, func(a, b *armNode) int { return strings.Compare(a.seg, b.seg) })
	for _, c := range n.children {
		c.sort()
	}
}

// structDecls declares the struct of this nesting and of every nesting below it.
func (e *pkgEmitter) armStructDecls(n *armNode, doc string, extra ...*dst.Field) []dst.Decl {
	fields := &dst.FieldList{List: extra}
	var nested []dst.Decl
	for _, c := range n.children {
		if c.prop == nil {
			fields.List = append(fields.List, &dst.Field{Names: []*dst.Ident{id(c.goName)},
				Type: ptrType(id(c.typeName)), Tag: jsonTag(c.seg)})
			nested = append(nested, e.armStructDecls(c, c.typeName+" holds the \""+c.seg+"\" of the ARM payload.")...)
			continue
		}
		fields.List = append(fields.List, &dst.Field{Names: []*dst.Ident{id(c.goName)},
			Type: e.armFieldType(*c.prop), Tag: jsonTag(c.seg)})
	}
	decl := typeDecl(n.typeName, &dst.StructType{Fields: fields}, []string{doc})
	return append([]dst.Decl{decl}, nested...)
}

// armFieldType is the Go type of a property in ARM JSON: scalars and objects are pointers so
// that only what is set is sent.
func (e *pkgEmitter) armFieldType(p astmodel.Property) dst.Expr {
	if p.IdentityKeys {
		return identityMapType()
	}
	t := e.armType(p.Type, asARMID(p))
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
	if n, ok := t.(astmodel.TypeName); ok && e.isObject(n) {
		return e.nameExpr(astmodel.TypeName{Package: n.Package, Name: armName(n.Name)})
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
		if n, ok := t.(astmodel.TypeName); ok && e.isObject(n) {
			e.writeName(w, astmodel.TypeName{Package: n.Package, Name: armName(n.Name)})
			return
		}
		e.writeType(w, t)
	}
}

func (e *pkgEmitter) isObject(n astmodel.TypeName) bool {
	p, ok := e.model.Packages[n.Package]
	if !ok {
		return false
	}
	_, isObj := p.Object(n.Name)
	return isObj
}

// asARMID reports whether a reference property is sent as {"id": ...}: its value is a
// ResourceReference (spec) or an ID string (status). A reference the model keeps as an object
// (such as an embedded status holding the id) is an ordinary object.
func asARMID(p astmodel.Property) bool {
	if !p.Reference {
		return false
	}
	t := p.Type
	for {
		switch c := t.(type) {
		case *astmodel.ArrayType:
			t = c.Elem
			continue
		case *astmodel.MapType:
			t = c.Value
			continue
		}
		return t == astmodel.StringType || t == astmodel.ResourceReferenceType
	}
}

// identityMapType is the ARM shape of userAssignedIdentities: ARM ID → {} (an empty
// map[string]string, which also keeps controller-gen's deepcopy simple).
func identityMapType() dst.Expr {
	return &dst.MapType{Key: id("string"), Value: identityValueType()}
}

func identityValueType() dst.Expr {
	return &dst.MapType{Key: id("string"), Value: id("string")}
}
