package openapi

import (
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
)

// OperatorSpecName is the Spec property that holds what the operator does beside ARM: where to
// write exported secrets. It is never sent to Azure.
const OperatorSpecName = "OperatorSpec"

// operatorSpec returns the Spec property operatorSpec of a kind that exports secrets:
// <Kind>OperatorSpec{Secrets *<Kind>OperatorSecrets}, one genruntime.SecretDestination per
// exported value (by its export name). ok is false when the kind exports nothing.
func (p *pkgBuilder) operatorSpec(r *config.Resource) (astmodel.Property, bool) {
	if r.ExportSecrets == nil || len(r.ExportSecrets.Values) == 0 {
		return astmodel.Property{}, false
	}
	secrets := astmodel.TypeName{Package: p.ref, Name: p.claim(r.Kind+"OperatorSecrets", "operator-secrets:"+r.Kind)}
	var dests []astmodel.Property
	for _, v := range r.ExportSecrets.Values {
		dests = append(dests, astmodel.Property{Name: astmodel.GoName(v), JSONName: v, Type: astmodel.SecretDestinationType,
			Description: "Where to write the " + v + " Azure returns (a key of a Secret in the resource's namespace)."})
	}
	p.pkg.Add(astmodel.NewObject(secrets, "The Kubernetes Secrets to write values Azure returns into.", dests...))
	spec := astmodel.TypeName{Package: p.ref, Name: p.claim(r.Kind+"OperatorSpec", "operator-spec:"+r.Kind)}
	p.pkg.Add(astmodel.NewObject(spec, "What the operator does beside Azure for this resource.",
		astmodel.Property{Name: "Secrets", JSONName: "secrets", Type: secrets,
			Description: "The Kubernetes Secrets to write values Azure returns into."}))
	return astmodel.Property{Name: OperatorSpecName, JSONName: "operatorSpec", Type: spec,
		Description: "What the operator does beside Azure, such as exporting secrets."}, true
}
