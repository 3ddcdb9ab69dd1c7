package openapi

import (
	"regexp"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	spec "github.com/go-openapi/spec"
)

// fixedName returns the one name a resource can have: the last segment of its PUT path when it
// is a literal (".../blobServices/default"), or the only value of the name parameter's enum
// (".../patchSchedules/{default}" with enum ["default"]). "" when users name the resource.
func fixedName(d *document, path string, op *spec.Operation) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	last := segs[len(segs)-1]
	if !isParam(last) {
		return last
	}
	for _, prm := range op.Parameters {
		prm = localParam(d, prm)
		if prm.In == "path" && prm.Name == strings.Trim(last, "{}") && len(prm.Enum) == 1 {
			if s, ok := prm.Enum[0].(string); ok && s != "" {
				return s
			}
		}
	}
	return ""
}

// fixedNameRule is AzureName's constraint for a resource with a fixed name: exactly that name,
// so the CRD documents it and refuses any other.
func fixedNameRule(name string) *astmodel.Validation {
	return &astmodel.Validation{Pattern: "^" + regexp.QuoteMeta(name) + "$"}
}
