package codegen

import "github.com/asogen/asogen/pkg/codegen/manifests"

// emitManifests writes the Kubernetes manifests asogen owns under the manifests root.
func emitManifests() Stage {
	return Stage{
		Name:        "emitManifests",
		Description: "Kubernetes manifests: the CRD kustomization (conversion webhook) and a sample per kind and version",
		Requires:    []string{stagePlan, stageEmitWiring},
		Run: func(st *State) error {
			if err := manifests.Emit(st.Config.Output.Manifests, st.Model, st.Out.put); err != nil {
				return err
			}
			return manifests.EmitSamples(st.Config.Output.Samples, st.Model, st.Out.put)
		},
	}
}
