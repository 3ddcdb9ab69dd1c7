// Package astmodel is asogen's type model: references to generated packages, type names,
// objects with their properties, enums, ARM resources with their owner and URL, configured
// kinds with their hub, and storage variants.
//
// Values are built once by the reader (pkg/openapi) and the pipeline stages (pkg/codegen) and are
// not mutated afterwards: an Object or Property is changed by deriving a copy through its With*
// methods. Packages and the Model are maps filled while building and only read after that.
package astmodel
