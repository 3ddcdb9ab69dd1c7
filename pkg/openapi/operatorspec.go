package openapi

import (
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/naming"
)

// operatorSpecName is the Spec property that holds what the operator does beside ARM: where to
// write exported secrets and config values. It is never sent to Azure.
const operatorSpecName = "OperatorSpec"

// operatorSpec returns the Spec property operatorSpec, as ASO's: <Kind>OperatorSpec with
// configMapExpressions and secretExpressions (CEL expressions whose values are written into
// ConfigMaps and Secrets) for every kind and, for a kind that exports values,
// Secrets *<Kind>OperatorSecrets and ConfigMaps *<Kind>OperatorConfigMaps, one
// genruntime.SecretDestination or ConfigMapDestination per exported value (by its export name).
func (p *pkgBuilder) operatorSpec(r *config.Resource) astmodel.Property {
	expressions := &astmodel.ArrayType{Elem: astmodel.DestinationExpressionType}
	props := []astmodel.Property{
		{Name: "ConfigMapExpressions", JSONName: "configMapExpressions", Type: expressions,
			Description: "Values computed by CEL expressions over the resource (self), written into ConfigMaps."},
		{Name: "SecretExpressions", JSONName: "secretExpressions", Type: expressions,
			Description: "Values computed by CEL expressions over the resource (self) and its exported secrets (secret), written into Secrets."},
	}
	if r.ExportSecrets != nil && len(r.ExportSecrets.Values) > 0 {
		props = append(props, p.destinations(r.Kind, "Secrets", "secrets", r.ExportSecrets.Values, astmodel.SecretDestinationType,
			"The Kubernetes Secrets to write values Azure returns into.", "a key of a Secret in the resource's namespace"))
	}
	if r.ExportConfigMaps != nil && len(r.ExportConfigMaps.Values) > 0 {
		props = append(props, p.destinations(r.Kind, "ConfigMaps", "configMaps", r.ExportConfigMaps.Values, astmodel.ConfigMapDestinationType,
			"The Kubernetes ConfigMaps to write values of the resource's status into.", "a key of a ConfigMap in the resource's namespace"))
	}
	spec := astmodel.TypeName{Package: p.ref, Name: p.claim(r.Kind+"OperatorSpec", "operator-spec:"+r.Kind)}
	p.pkg.Add(astmodel.NewObject(spec, "What the operator does beside Azure for this resource.", props...))
	return astmodel.Property{Name: operatorSpecName, JSONName: "operatorSpec", Type: spec,
		Description: "What the operator does beside Azure, such as exporting secrets and config values."}
}

// destinations adds <Kind>Operator<Name>, one destination of type dest per value, and returns
// the operatorSpec property that holds it.
func (p *pkgBuilder) destinations(kind, name, jsonName string, values []string, dest astmodel.ExternalType, doc, where string) astmodel.Property {
	t := astmodel.TypeName{Package: p.ref, Name: p.claim(kind+"Operator"+name, "operator-"+jsonName+":"+kind)}
	var dests []astmodel.Property
	for _, v := range values {
		dests = append(dests, astmodel.Property{Name: naming.GoName(v), JSONName: v, Type: dest,
			Description: "Where to write the " + v + " Azure returns (" + where + ")."})
	}
	p.pkg.Add(astmodel.NewObject(t, doc, dests...))
	return astmodel.Property{Name: name, JSONName: jsonName, Type: t, Description: doc}
}

// checkConfigMapExports reports each exportConfigMaps value that is not a property of the kind's
// Status (by JSON name): the reconciler reads the values from there.
func (p *pkgBuilder) checkConfigMapExports(r *config.Resource, status *astmodel.Object) {
	if r.ExportConfigMaps == nil || status == nil {
		return
	}
	jsonNames := map[string]bool{}
	for _, prop := range status.Properties {
		jsonNames[prop.JSONName] = true
	}
	for i, v := range r.ExportConfigMaps.Values {
		if !jsonNames[v] && i < len(r.ExportConfigMaps.ValuePos) {
			p.errs.Add(r.ExportConfigMaps.ValuePos[i], "exportConfigMaps value %q is not a property of %s %s's status (the value written is the status property of that JSON name)",
				v, r.Kind, p.version)
		}
	}
}
