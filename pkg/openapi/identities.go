package openapi

import (
	"github.com/asogen/asogen/pkg/astmodel"
)

// identityMapName is the ARM property whose keys are the ARM IDs of user-assigned identities
// and whose values hold only what Azure reports back (principalId, clientId).
const identityMapName = "userAssignedIdentities"

// isIdentityMap reports a userAssignedIdentities map: in Spec its values have nothing to write,
// so the keys are what the user sets.
func (p *pkgBuilder) isIdentityMap(rp rawProp) bool {
	if rp.json != identityMapName {
		return false
	}
	n := rp.n
	if n.refString() != "" {
		rn, err := p.resolve(n)
		if err != nil {
			return false
		}
		n = rn
	}
	return n.s.AdditionalProperties != nil && n.s.AdditionalProperties.Schema != nil
}

// identityList is the Spec side of a userAssignedIdentities map, as ASO has it: a list of
// UserAssignedIdentityDetails{Reference}, each reference naming an identity by ARM ID or by
// group, kind and name; the ARM conversion turns it back into the map.
func (p *pkgBuilder) identityList(rp rawProp) astmodel.Property {
	tn := astmodel.TypeName{Package: p.ref, Name: p.claim("UserAssignedIdentityDetails", "identity-details")}
	if _, done := p.pkg.Definitions[tn.Name]; !done {
		p.pkg.Add(astmodel.NewObject(tn, "A user-assigned identity to assign to the resource.",
			astmodel.Property{Name: "Reference", JSONName: "reference", Type: astmodel.ResourceReferenceType, Required: true,
				Description: "The identity: a ManagedIdentity UserAssignedIdentity by group, kind and name, or by ARM ID."}))
	}
	return astmodel.Property{Name: p.goNames.goName(rp.json), JSONName: rp.json, Type: &astmodel.ArrayType{Elem: tn},
		IdentityKeys: true, Description: firstSentence(rp.n.s.Description)}
}
