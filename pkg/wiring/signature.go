package wiring

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/goref"
	"github.com/asogen/asogen/pkg/naming"
)

// Receiver is the receiver name of every method on an extension host.
const Receiver = "ext"

// Typed is one parameter of a hand-written method: a runtime parameter, with Obj and Owner
// parameters narrowed to a hub type.
type Typed struct {
	Name    string
	Type    goref.Ref
	Pointer bool
	Role    Role
	Runtime Param // the runtime parameter it comes from
}

// Signature is the hand-written method of one extension point on one kind.
type Signature struct {
	Kind    *astmodel.Kind
	Point   Point
	Params  []Typed
	Aliases map[string]string // import path → alias for generated API packages it refers to
}

// Bind resolves the hand-written signature of point p on kind k: the hub types of the kind and,
// when the point needs it, of the owner kind (which must be configured).
func Bind(l Layout, m *astmodel.Model, k *astmodel.Kind, p Point) (Signature, error) {
	s := Signature{Kind: k, Point: p, Aliases: map[string]string{}}
	for _, rp := range p.Params {
		t, err := s.narrow(l, m, rp)
		if err != nil {
			return Signature{}, err
		}
		s.Params = append(s.Params, t)
	}
	return s, nil
}

func (s *Signature) narrow(l Layout, m *astmodel.Model, rp Param) (Typed, error) {
	t := Typed{Name: rp.Name, Type: rp.Type, Pointer: rp.Pointer, Role: rp.Role, Runtime: rp}
	var hub astmodel.TypeName
	switch rp.Role {
	case Obj:
		hub = s.Kind.HubType()
	case Owner:
		owner, err := ownerKind(m, s.Kind)
		if err != nil {
			return Typed{}, err
		}
		hub = owner.HubType()
	case Payload:
		t.Type, t.Pointer = goref.Ref{Name: PayloadName(s.Kind.Name)}, true
		return t, nil
	default:
		return t, nil
	}
	t.Type = goref.Ref{Path: l.ImportPath(hub.Package), Name: hub.Name}
	t.Pointer = true
	t.Name = s.paramName(hub.Name, rp.Name)
	s.Aliases[t.Type.Path] = hub.Package.Alias()
	return t, nil
}

// paramName names a typed parameter after its kind ("cluster"), unless that collides with a
// runtime parameter name.
func (s *Signature) paramName(kind, fallback string) string {
	name := naming.LocalName(kind)
	taken := slices.ContainsFunc(s.Point.Params, func(p Param) bool { return p.Name == name })
	if taken || name == Receiver {
		return fallback
	}
	return name
}

// ownerKind returns the configured kind owning k, or an error saying why there is none.
func ownerKind(m *astmodel.Model, k *astmodel.Kind) (*astmodel.Kind, error) {
	if k.Owner == nil {
		return nil, fmt.Errorf("%s %s has no owner kind", k.Group, k.Name)
	}
	owner, ok := m.Kind(k.Owner.Group, k.Owner.Kind)
	if !ok {
		return nil, fmt.Errorf("the owner kind %s %s of %s %s is not configured; add a resource entry for it",
			k.Owner.Group, k.Owner.Kind, k.Group, k.Name)
	}
	return owner, nil
}

// qualifier is the name a file uses for the package at path.
func (s Signature) qualifier(p string) string {
	if a, ok := s.Aliases[p]; ok {
		return a
	}
	return path.Base(p)
}

// typeString renders a parameter or result type as written in Go source.
func (s Signature) typeString(ref goref.Ref, pointer bool) string {
	out := ref.Name
	if ref.Path != "" {
		out = s.qualifier(ref.Path) + "." + ref.Name
	}
	if pointer {
		out = "*" + out
	}
	return out
}

// Imports lists the import paths the signature refers to, sorted.
func (s Signature) Imports() []string {
	var out []string
	for _, t := range s.Params {
		out = append(out, t.Type.Path)
	}
	for _, r := range s.Point.Results {
		out = append(out, r.Type.Path)
	}
	out = slices.DeleteFunc(out, func(p string) bool { return p == "" })
	slices.Sort(out)
	return slices.Compact(out)
}

// String renders the method declaration (without body), one parameter per line, gofmt style.
func (s Signature) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "func (%s *%s) %s(\n", Receiver, naming.HostName(s.Kind.Name), s.Point.HandWritten)
	for _, t := range s.Params {
		fmt.Fprintf(&b, "\t%s %s,\n", t.Name, s.typeString(t.Type, t.Pointer))
	}
	results := make([]string, len(s.Point.Results))
	for i, r := range s.Point.Results {
		results[i] = s.typeString(r.Type, false)
	}
	if len(results) == 1 {
		fmt.Fprintf(&b, ") %s", results[0])
	} else {
		fmt.Fprintf(&b, ") (%s)", strings.Join(results, ", "))
	}
	return b.String()
}

// PayloadName is the generated type that hands the ARM payload to hand-written code typed:
// "PrivateEndpointARMPayload", one field per API version of the kind.
func PayloadName(kind string) string { return kind + "ARMPayload" }

// HubDescription renders a hub type for messages: "*storage.PrivateEndpoint from
// github.com/x/v2/api/network/v1api20240301/storage".
func HubDescription(ref goref.Ref) string {
	return fmt.Sprintf("*%s.%s from %s", path.Base(ref.Path), ref.Name, ref.Path)
}

// pkgName is the package name of a non-generated import path: goref's, else its last element.
func pkgName(importPath string) string {
	if n, ok := goref.NameOf(importPath); ok {
		return n
	}
	return path.Base(importPath)
}
