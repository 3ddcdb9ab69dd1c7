package codegen

import (
	"github.com/asogen/asogen/pkg/openapi"
)

const stageLoadModel = "loadModel"

// loadModel reads the OpenAPI specs the config names and builds the type model.
func loadModel() Stage {
	return Stage{
		Name:        stageLoadModel,
		Description: "read the OpenAPI specs named by config.yaml into the type model",
		Run: func(_ *Env, in State) (State, error) {
			m, err := openapi.Build(in.Config)
			in.Model = m
			return in, err
		},
	}
}
