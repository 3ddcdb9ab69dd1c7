package codegen

import "github.com/asogen/asogen/pkg/openapi"

const stageLoadModel = "loadModel"

// loadModel reads the OpenAPI specs the config names and builds the type model. With a Reuser
// (Options.Reuse) the Reuser builds it: only the groups that must be emitted are built, and the
// units it reuses are kept in the state for planFiles.
func loadModel() Stage {
	return Stage{
		Name:        stageLoadModel,
		Description: "read the OpenAPI specs named by config.yaml into the type model (only the groups to emit, with a Reuser)",
		Run: func(env *Env, in State) (State, error) {
			if env.Options.Reuse == nil {
				m, err := openapi.Build(env.Ctx, in.Config, env.Specs)
				in.Model = m
				return in, err
			}
			m, reused, err := env.Options.Reuse.Load(env.Ctx, in.Config, env.Specs)
			in.Model, in.Reused = m, reused
			return in, err
		},
	}
}
