package codegen

import "github.com/asogen/asogen/pkg/codegen/manifests"

const stageEmitManifests = "emitManifests"

// emitManifests writes the Kubernetes manifests asogen owns under the manifests root, and the
// samples of the units that are not reused.
func emitManifests() Stage {
	return Stage{
		Name:        stageEmitManifests,
		Description: "Kubernetes manifests: the CRD kustomization (conversion webhook) and a sample per kind and version",
		Requires:    []string{stagePlan, stageEmitWiring},
		Run: func(env *Env, in State) (State, error) {
			if err := manifests.Emit(in.Config.Output.Manifests, in.Model, env.Out.put); err != nil {
				return in, err
			}
			return in, manifests.EmitSamples(in.Config.Output.Samples, in.Model, toEmit(in.Units), env.Out.put)
		},
	}
}
