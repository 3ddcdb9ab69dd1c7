package emit

import (
	"fmt"
	"go/token"
	"hash/maphash"
	"regexp"
	"strconv"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/naming"
	"github.com/dave/dst"
)

// typeExpr renders a model type as seen from package `from`.
func (e *pkgEmitter) typeExpr(t astmodel.Type) dst.Expr {
	switch t := t.(type) {
	case astmodel.Primitive:
		return id(string(t))
	case *astmodel.ArrayType:
		return &dst.ArrayType{Elt: e.typeExpr(t.Elem)}
	case *astmodel.MapType:
		return &dst.MapType{Key: id("string"), Value: e.typeExpr(t.Value)}
	case astmodel.TypeName:
		return e.nameExpr(t)
	case astmodel.ExternalType:
		return qual(t.Path, t.Name)
	}
	panic(fmt.Sprintf("unknown model type %T", t))
}

// nameExpr refers to a generated type, qualified when it lives in another package.
func (e *pkgEmitter) nameExpr(n astmodel.TypeName) dst.Expr {
	if n.Package == e.pkg.Ref {
		return id(n.Name)
	}
	return qual(e.importPath(n.Package), n.Name)
}

// writeType writes the type t as typeExpr would print it.
func (e *pkgEmitter) writeType(w *gofile.Code, t astmodel.Type) {
	switch t := t.(type) {
	case astmodel.Primitive:
		w.S(string(t))
	case *astmodel.ArrayType:
		w.S("[]")
		e.writeType(w, t.Elem)
	case *astmodel.MapType:
		w.S("map[string]")
		e.writeType(w, t.Value)
	case astmodel.TypeName:
		e.writeName(w, t)
	case astmodel.ExternalType:
		w.Q(t.Path, t.Name)
	default:
		panic(fmt.Sprintf("unknown model type %T", t))
	}
}

// writeName writes the name of a generated type as nameExpr would print it.
func (e *pkgEmitter) writeName(w *gofile.Code, n astmodel.TypeName) {
	if n.Package == e.pkg.Ref {
		w.S(n.Name)
		return
	}
	w.Q(e.importPath(n.Package), n.Name)
}

// importPath is the model's import path of ref, computed once per package emitter.
func (e *pkgEmitter) importPath(ref astmodel.PackageRef) string {
	if p, ok := e.imports[ref]; ok {
		return p
	}
	p := e.model.ImportPath(ref)
	e.imports[ref] = p
	return p
}

// fieldTypeExpr is the field type of a property: pointers for optional scalars and objects.
func (e *pkgEmitter) fieldTypeExpr(p astmodel.Property) dst.Expr {
	t := e.typeExpr(p.Type)
	if isPointer(p, e.pkg.Ref.Storage) {
		return ptrType(t)
	}
	return t
}

// isPointer reports whether a property's field is a pointer. Arrays, maps, the property bag and
// AzureName are values; in storage packages every other property is a pointer; in API packages
// only the required ones are values.
func isPointer(p astmodel.Property, storage bool) bool {
	switch p.Type.(type) {
	case *astmodel.ArrayType, *astmodel.MapType:
		return false
	}
	if p.Name == ownerProp && (p.Type == astmodel.KnownResourceReferenceType || p.Type == astmodel.ArbitraryOwnerType) {
		return true
	}
	if p.Type == astmodel.PropertyBagType || p.Name == azureNameProp || p.Name == astmodel.OriginalVersionName {
		return false
	}
	return storage || !p.Required
}

const (
	azureNameProp  = astmodel.AzureNameProperty
	ownerProp      = astmodel.OwnerProperty
	conditionsProp = astmodel.ConditionsProperty
)

// jsonTag is the field tag `json:"name,omitempty"`, from the node caches (nodecache.go).
func jsonTag(name string) *dst.BasicLit {
	return tags.get(maphash.String(identSeed, name), name, func(name string) *dst.BasicLit {
		return &dst.BasicLit{Kind: token.STRING, Value: "`json:\"" + name + ",omitempty\"`"}
	})
}

// objectDecl declares a struct for an object.
func (e *pkgEmitter) objectDecl(o *astmodel.Object) dst.Decl {
	fields := &dst.FieldList{List: make([]*dst.Field, len(o.Properties))}
	for i, p := range o.Properties {
		fields.List[i] = e.structField(p)
	}
	doc := objectDoc(o)
	if !e.pkg.Ref.Storage {
		doc = append(doc, configInputRules(o)...)
	}
	return typeDecl(o.Name.Name, &dst.StructType{Fields: fields}, doc)
}

// configInputRules are the CEL rules the API server checks for each config input and its
// ...FromConfig sibling: exactly one of the two when the spec requires the value, at most one
// otherwise. A JSON name CEL cannot spell as a field is left to the reconciler.
func configInputRules(o *astmodel.Object) []string {
	var rules []string
	for _, p := range o.Properties {
		if p.ConfigInput == astmodel.NotConfigInput || !celField.MatchString(p.JSONName) {
			continue
		}
		value, ref := "has(self."+p.JSONName+")", "has(self."+p.JSONName+astmodel.FromConfigSuffix+")"
		rule, message := "!"+value+" || !"+ref, "set at most one of "
		if p.ConfigInput == astmodel.ConfigInputRequired {
			rule, message = value+" != "+ref, "set exactly one of "
		}
		rules = append(rules, fmt.Sprintf("+kubebuilder:validation:XValidation:rule=%q,message=%q",
			rule, message+p.JSONName+" and "+p.JSONName+astmodel.FromConfigSuffix))
	}
	return rules
}

// celField is a JSON name CEL reads as a field of self.
var celField = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func objectDoc(o *astmodel.Object) []string {
	doc := describe(o.Name.Name, o.Description)
	if o.OneOf != nil {
		doc = append(doc, fmt.Sprintf("Exactly one option is set; %q names it in ARM.", o.OneOf.Discriminator))
	}
	return doc
}

func (e *pkgEmitter) structField(p astmodel.Property) *dst.Field {
	n := &fieldNode{names: [1]*dst.Ident{id(p.Name)}}
	n.field = dst.Field{Names: n.names[:], Type: e.fieldTypeExpr(p), Tag: jsonTag(p.JSONName)}
	n.field.Decs.Before = dst.NewLine
	n.field.Decs.Start = fieldDoc(p, e.pkg.Ref.Storage)
	return &n.field
}

// fieldNode is a named field and its one name in one allocation.
type fieldNode struct {
	field dst.Field
	names [1]*dst.Ident
}

// fieldDoc is a struct field's doc comment.
func fieldDoc(p astmodel.Property, storage bool) dst.Decorations {
	var d docText
	d.text.Grow(len(p.Name) + len(p.Description) + 64)
	if p.Required && !storage {
		d.line("+kubebuilder:validation:Required")
	}
	if !storage {
		for _, m := range validationMarkers(p) {
			d.line(m)
		}
	}
	d.describe(p.Name, p.Description)
	switch {
	case p.Name == azureNameProp && !strings.HasPrefix(p.Description, astmodel.FixedNamePrefix):
		d.line("When empty, the resource's metadata.name is used.")
	case p.Type == astmodel.SecretReferenceType:
		d.line("Secret: names the key of a Kubernetes Secret holding the value; the operator reads it when it sends the resource to Azure.")
	case p.Secret:
		d.line("Secret: the value is sensitive; it is not returned by Azure.")
	case p.Reference:
		d.line("Reference to another ARM resource, sent to Azure as its ID.")
	case isARMIDReference(p.Type):
		d.line("Reference to another resource (by group, kind and name, or by ARM ID), sent to Azure as its ARM ID.")
	}
	return d.decorations()
}

// docText builds the comment lines of one doc comment in a single string, which the
// decorations then slice: one allocation for the text of every line (fields are most of a
// types file). Lines are kept apart by '\n', which no line holds.
type docText struct {
	text  strings.Builder
	lines int
}

// line adds the comment line "// " + the parts.
func (d *docText) line(parts ...string) {
	d.text.WriteString("// ")
	for _, p := range parts {
		d.text.WriteString(p)
	}
	d.text.WriteByte('\n')
	d.lines++
}

// describe adds the lines of describe(name, description).
func (d *docText) describe(name, description string) {
	descriptionLines(description, func(first bool, line string) {
		if first {
			d.line(name, ": ", line)
		} else {
			d.line(line)
		}
	})
}

func (d *docText) decorations() dst.Decorations {
	if d.lines == 0 {
		return nil
	}
	text := d.text.String()
	decs := make(dst.Decorations, 0, d.lines)
	for text != "" {
		line, rest, _ := strings.Cut(text, "\n")
		decs = append(decs, line)
		text = rest
	}
	return decs
}

// describe turns a description into comment lines led by the name ("Name: text").
func describe(name, description string) []string {
	var lines []string
	descriptionLines(description, func(first bool, line string) {
		if first {
			line = name + ": " + line
		}
		lines = append(lines, line)
	})
	return lines
}

// descriptionLines calls line with each line of a description, trimmed, first telling the
// first one: the one rule both describe and docText.describe follow. "\r\n" and a bare "\r"
// end a line as "\n" does, so no comment holds a carriage return (gofmt would rewrite it).
func descriptionLines(description string, line func(first bool, text string)) {
	text := description
	if strings.Contains(text, "\r") {
		text = crlf.Replace(text)
	}
	text = strings.TrimSpace(text)
	for first := true; text != ""; first = false {
		l, rest, _ := strings.Cut(text, "\n")
		line(first, strings.TrimRight(l, " \t\r"))
		text = rest
	}
}

// crlf turns the line breaks of other systems into "\n".
var crlf = strings.NewReplacer("\r\n", "\n", "\r", "\n")

// enumTypeDecl is an enum's type declaration, its values in the Enum marker.
func enumTypeDecl(en *astmodel.Enum) *dst.GenDecl {
	doc := []string{"+kubebuilder:validation:Enum={" + quotedList(en.Values) + "}"}
	doc = append(doc, describe(en.Name.Name, en.Description)...)
	return typeDecl(en.Name.Name, id("string"), doc)
}

// enumDecls declares a named string type with its values as constants; types holds the names
// of the package's types, which no constant may take.
func enumDecls(en *astmodel.Enum, types map[string]bool) []dst.Decl {
	decls := []dst.Decl{enumTypeDecl(en)}
	if len(en.Values) == 0 {
		return decls
	}
	consts := &dst.GenDecl{Tok: token.CONST, Lparen: true}
	names := enumConstNames(en, types)
	for i, v := range en.Values {
		spec := &dst.ValueSpec{
			Names:  []*dst.Ident{id(names[i])},
			Type:   id(en.Name.Name),
			Values: []dst.Expr{str(v)},
		}
		consts.Specs = append(consts.Specs, spec)
	}
	gofile.Decorate(&consts.Decs.NodeDecs, nil)
	return append(decls, consts)
}

// enumConstNames names each value's constant <Enum>_<Value>, numbered when another constant or
// a type of the package (types) has the name: value "STATUS" of enum Shade is not Shade_STATUS
// when the status enum is.
func enumConstNames(en *astmodel.Enum, types map[string]bool) []string {
	mine := make(map[string]bool, len(en.Values)) // the constants named so far (types is shared: not cloned)
	names := make([]string, len(en.Values))
	for i, v := range en.Values {
		names[i] = naming.FreeName(en.Name.Name+"_"+naming.GoName(v), func(n string) bool { return types[n] || mine[n] })
		mine[names[i]] = true
	}
	return names
}

func quotedList(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ",")
}

// typeNames returns the names of the types the package declares: its definitions, their ARM
// structs and the resources' lists (computed once per package).
func (e *pkgEmitter) typeNames() map[string]bool {
	if e.types != nil {
		return e.types
	}
	e.types = map[string]bool{}
	for name, d := range e.pkg.Definitions {
		e.types[name] = true
		e.types[naming.ARMName(name)] = true
		if _, ok := d.(*astmodel.Resource); ok {
			e.types[name+"List"] = true
		}
	}
	return e.types
}

// isARMIDReference reports a property that holds ARM IDs as references (alone or in a list or map).
func isARMIDReference(t astmodel.Type) bool {
	switch c := t.(type) {
	case *astmodel.ArrayType:
		return isARMIDReference(c.Elem)
	case *astmodel.MapType:
		return isARMIDReference(c.Value)
	}
	return t == astmodel.ResourceReferenceType
}
