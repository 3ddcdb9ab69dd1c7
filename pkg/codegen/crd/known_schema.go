package crd

import (
	"fmt"
	"slices"
	"sync"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/asogen/asogen/pkg/goref"
)

// parsedKnown is knownSchemas parsed once.
var parsedKnown = sync.OnceValues(func() (map[goref.Ref]apiext.JSONSchemaProps, error) {
	out := map[goref.Ref]apiext.JSONSchemaProps{}
	for ref, text := range knownSchemas {
		var s apiext.JSONSchemaProps
		if err := yaml.UnmarshalStrict([]byte(text), &s); err != nil {
			return nil, fmt.Errorf("internal error: schema of %s.%s: %w", ref.Path, ref.Name, err)
		}
		slices.Sort(s.Required) // a referenced type's required properties are sorted
		out[ref] = s
	}
	return out, nil
})

// knownSchema is the schema of a type of goref's table.
func knownSchema(ref goref.Ref) (apiext.JSONSchemaProps, error) {
	known, err := parsedKnown()
	if err != nil {
		return apiext.JSONSchemaProps{}, err
	}
	s, ok := known[ref]
	if !ok {
		return s, fmt.Errorf("no CRD schema for %s.%s: add it to knownSchemas", ref.Path, ref.Name)
	}
	return s, nil
}
