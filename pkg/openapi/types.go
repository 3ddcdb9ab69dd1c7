package openapi

import (
	"errors"
	"fmt"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

// typeOf returns the type of a property schema for a side, whether it is an embedded resource kept
// by identity, and whether the side keeps it at all. Directives win over every other rule; a
// definition is only resolved when its type is actually needed.
func (p *pkgBuilder) typeOf(n node, sd side, base, propPath string) (astmodel.Type, bool, bool) {
	if propPath != "" {
		if a := p.dirs.lookup(p.group, p.version, propPath); a != "" && !config.IsPropertyMark(a) {
			return p.applyAction(a, n, sd, base)
		}
	}
	if n.refString() == "" {
		return p.schemaType(n, sd, base, propPath)
	}
	def := targetName(n)
	if def != "" {
		if a := p.dirs.lookup(p.group, p.version, def); a != "" {
			return p.applyAction(a, n, sd, base)
		}
	}
	if p.isEmbedded(n) {
		return p.embeddedType(orPointer(def, base), sd), true, true
	}
	rn, err := p.targetOf(n)
	if err != nil {
		p.refFailed(n, err, propPath)
		return nil, false, false
	}
	if d := definitionName(rn); d != "" {
		return p.schemaType(rn, sd, p.goNames.goName(d), d)
	}
	return p.schemaType(rn, sd, base, propPath)
}

// schemaType maps a resolved schema to a type.
func (p *pkgBuilder) schemaType(n node, sd side, base, path string) (astmodel.Type, bool, bool) {
	s := n.s
	typ := ""
	if len(s.Type) > 0 {
		typ = s.Type[0]
	}
	switch {
	case len(s.Enum) > 0 && (typ == "string" || typ == ""):
		return p.enumType(n, sd, base), false, true
	case typ == "array":
		return p.arrayType(n, sd, base)
	case len(s.Properties) > 0 || len(s.AllOf) > 0 || s.Discriminator != "":
		return p.objectType(n, sd, base, path)
	case s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil:
		v, ref, keep := p.typeOf(n.child(s.AdditionalProperties.Schema, "additionalProperties"), sd, base, "")
		return &astmodel.MapType{Value: v}, ref, keep
	}
	if prim, ok := primitives[typ]; ok {
		return prim, false, true
	}
	return astmodel.JSONType, false, true // a free-form object
}

var primitives = map[string]astmodel.Type{
	"string": astmodel.StringType, "integer": astmodel.IntType, "number": astmodel.FloatType, "boolean": astmodel.BoolType,
}

func (p *pkgBuilder) arrayType(n node, sd side, base string) (astmodel.Type, bool, bool) {
	if n.s.Items == nil || n.s.Items.Schema == nil {
		return &astmodel.ArrayType{Elem: astmodel.JSONType}, false, true
	}
	t, ref, keep := p.typeOf(n.child(n.s.Items.Schema, "items"), sd, base, "")
	if !keep {
		return nil, false, false
	}
	return &astmodel.ArrayType{Elem: t}, ref, true
}

// enumType names an enum after x-ms-enum's name (or the property), one per side.
func (p *pkgBuilder) enumType(n node, sd side, base string) astmodel.Type {
	name := base
	if xe, ok := n.s.Extensions["x-ms-enum"].(map[string]any); ok {
		if nm, ok := xe["name"].(string); ok && nm != "" {
			name = p.goNames.goName(nm)
		}
	}
	values := make([]string, 0, len(n.s.Enum))
	for _, v := range n.s.Enum {
		values = append(values, fmt.Sprint(v))
	}
	e := astmodel.NewEnum(astmodel.TypeName{Package: p.ref}, firstSentence(n.s.Description), values...)
	e.Name.Name = p.claim(name+sd.suffix(), "enum:"+strings.Join(e.Values, "|"))
	if _, done := p.pkg.Definitions[e.Name.Name]; !done {
		p.pkg.Add(e)
	}
	return e.Name
}

// applyAction applies a directive: opaque (raw JSON), reference (identity only) or prune (dropped).
func (p *pkgBuilder) applyAction(action string, n node, sd side, base string) (astmodel.Type, bool, bool) {
	switch action {
	case config.ActionOpaque:
		return astmodel.JSONType, false, true
	case config.ActionPrune:
		return nil, false, false
	}
	if n.refString() == "" && len(n.s.Type) > 0 && n.s.Type[0] == "array" && n.s.Items != nil && n.s.Items.Schema != nil {
		item := n.child(n.s.Items.Schema, "items")
		return &astmodel.ArrayType{Elem: p.embeddedType(orPointer(targetName(item), base), sd)}, true, true
	}
	return p.embeddedType(orPointer(targetName(n), base), sd), true, true
}

// isEmbedded reports whether a $ref names another ARM resource: a PUT body of the package's
// files, or a definition marked x-ms-azure-resource.
func (p *pkgBuilder) isEmbedded(n node) bool {
	file, ptr := target(n)
	if p.putBodies[file+"#"+ptr] {
		return true
	}
	doc, err := p.loadFile(file)
	if err != nil {
		return false
	}
	s, ok := schemaAt(doc, ptr)
	if !ok {
		return false
	}
	v, _ := s.Extensions.GetBool("x-ms-azure-resource")
	return v
}

// embeddedType keeps an embedded resource's identity: a reference in Spec, its ID in Status.
func (p *pkgBuilder) embeddedType(def string, sd side) astmodel.Type {
	if sd == specSide {
		return astmodel.ResourceReferenceType
	}
	id := "embedded:" + def
	tn := astmodel.TypeName{Package: p.ref, Name: p.claim(p.goNames.goName(def)+"_STATUS_Embedded", id)}
	if _, done := p.pkg.Definitions[tn.Name]; !done {
		p.pkg.Add(astmodel.NewObject(tn, "The identity of an embedded resource.",
			astmodel.Property{Name: "ID", JSONName: "id", Type: astmodel.StringType, Description: "The resource ID."}))
	}
	return tn
}

// refFailed reports a $ref that is needed but cannot be followed, naming the file and JSON pointer
// and showing the directive that would settle it.
func (p *pkgBuilder) refFailed(n node, err error, need string) {
	var re *refError
	if !errors.As(err, &re) {
		p.errs.Merge(err)
		return
	}
	pos := p.load.position(n.doc, n.ptr+"/$ref")
	file := p.load.displayName(re.file)
	switch {
	case re.refused != "":
		p.errs.Add(pos, "$ref %q needed by %s/%s %s is not followed: %s", re.ref, p.group, p.version, need, re.refused)
	case re.cycle:
		p.errs.Add(pos, "$ref %q is part of a $ref cycle that never reaches a schema (%s#%s)", re.ref, file, re.ptr)
	case re.missing:
		p.errs.Add(pos, "cannot resolve $ref %q needed by %s/%s %s: spec file %s does not exist (JSON pointer %s); %s",
			re.ref, p.group, p.version, need, file, re.ptr, suggestion(p.group, p.version, targetName(n), need))
	default:
		p.errs.Add(pos, "cannot resolve $ref %q needed by %s/%s %s: %s has nothing at JSON pointer %s; %s",
			re.ref, p.group, p.version, need, file, re.ptr, suggestion(p.group, p.version, targetName(n), need))
	}
}
