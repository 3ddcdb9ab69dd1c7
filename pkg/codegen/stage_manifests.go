package codegen

import "github.com/asogen/asogen/pkg/codegen/manifests"

// emitManifests writes the Kubernetes manifests asogen owns under the manifests root.
func emitManifests() Stage {
	return Stage{
		Name:        "emitManifests",
		Description: "Kubernetes manifests: the CRD kustomization serving every kind through the conversion webhook",
		Requires:    []string{stagePlan, stageEmitWiring},
		Run: func(st *State) error {
			return manifests.Emit(st.Config.Output.Manifests, st.Model, st.Out.put)
		},
	}
}
