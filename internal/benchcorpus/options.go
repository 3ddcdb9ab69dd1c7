package benchcorpus

import (
	"path/filepath"

	"github.com/pkg/errors"
)

// DefaultModule is the Go module of a written corpus. It lies under github.com/asogen/asogen/v2
// because generated code imports the runtime's v2/internal packages (resolver, ARM client), which
// Go only lets import paths below github.com/asogen/asogen/v2 use.
const DefaultModule = "github.com/asogen/asogen/v2/benchop"

// Options say what corpus to write.
type Options struct {
	Kinds     int    // number of kinds (resources)
	Versions  int    // API versions per kind
	Seed      int64  // seed of the property shapes
	AsogenDir string // the asogen module's folder: go.mod replaces github.com/asogen/asogen with it
	Module    string // Go module path of the corpus; DefaultModule when empty
}

// check validates the options and fills in defaults.
func (o Options) check() (Options, error) {
	if o.Kinds < 1 {
		return o, errors.Errorf("kinds must be at least 1, got %d", o.Kinds)
	}
	if o.Versions < 1 || o.Versions > 50 {
		return o, errors.Errorf("versions must be between 1 and 50, got %d", o.Versions)
	}
	if o.AsogenDir == "" {
		return o, errors.New("the asogen module folder is required (it is the go.mod replace target)")
	}
	dir, err := filepath.Abs(o.AsogenDir)
	if err != nil {
		return o, errors.Wrap(err, "asogen folder")
	}
	o.AsogenDir = dir
	if o.Module == "" {
		o.Module = DefaultModule
	}
	return o, nil
}
