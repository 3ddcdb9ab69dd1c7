package wiring

import (
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/fileset"
	"github.com/asogen/asogen/pkg/diag"
)

// Emit returns every generated wiring file: a host per kind, a helper per group, and the
// registry. Problems (such as an owner kind that is not configured) are collected.
func Emit(l Layout, m *astmodel.Model) (fileset.FileSet, error) {
	files := fileset.FileSet{}
	var errs diag.List
	groups := map[string]bool{}
	for _, k := range m.Kinds {
		groups[k.Group] = true
		content, err := HostFile(l, m, k)
		errs.Merge(err)
		files[l.HostFile(k)] = content
	}
	for g := range groups {
		content, err := HelperFile(l, g)
		errs.Merge(err)
		files[l.HelperFile(g)] = content
	}
	content, err := RegistryFile(l, m)
	errs.Merge(err)
	files[l.RegistryFile()] = content
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return files, nil
}
