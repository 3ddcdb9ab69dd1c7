package wiringemit

import (
	"slices"
	"sync/atomic"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/wiring"
)

// file is one generated wiring file: its path, the group it belongs to ("" for the registry,
// which covers every group) and how to build it.
type file struct {
	path  string
	group string
	build func() (*goFile, error)
}

// files lists the generated wiring files keep selects (by group; nil: all): a host per kind, a
// helper and a part of the registry per group, and the registry (group ""). Plan and Emit both
// read it, so they name the same paths. A group's files read only its kinds and their owner
// kinds; the registry only the names of the groups.
func files(l wiring.Layout, m *astmodel.Model, keep func(group string) bool) []file {
	var out []file
	for _, k := range m.Kinds {
		out = append(out, file{hostPath(l, k), k.Group, func() (*goFile, error) { return hostFile(l, m, k) }})
	}
	for _, g := range groups(m) {
		out = append(out, file{helperPath(l, g), g, func() (*goFile, error) { return helperFile(l, g), nil }})
		out = append(out, file{groupRegistryPath(l, g), g, func() (*goFile, error) { return groupRegistryFile(l, m, g), nil }})
	}
	out = append(out, file{registryPath(l), "", func() (*goFile, error) { return registryFile(l, m), nil }})
	if keep != nil {
		out = slices.DeleteFunc(out, func(f file) bool { return !keep(f.group) })
	}
	return out
}

// Plan returns the paths Emit produces for keep (nil: every file).
func Plan(l wiring.Layout, m *astmodel.Model, keep func(group string) bool) []string {
	var paths []string
	for _, f := range files(l, m, keep) {
		paths = append(paths, f.path)
	}
	return paths
}

// Emit renders the generated wiring files keep selects (by group, "" for the registry; nil:
// all) on parallel workers and hands each to put as soon as it is printed, so put is called
// concurrently. Problems (such as an owner kind that is not configured) are collected, in file
// order; once one is found no further file is put. An error from put stops emission and comes
// back as it is.
func Emit(l wiring.Layout, m *astmodel.Model, p gofile.Printer, keep func(group string) bool, put func(path string, content []byte) error) error {
	fs := files(l, m, keep)
	problems := make([]error, len(fs))
	putErrs := make([]error, len(fs))
	var failed atomic.Bool
	parallel.Do(len(fs), 0, func(i int) {
		content, err := render(fs[i], p)
		if err != nil {
			problems[i] = err
			failed.Store(true)
			return
		}
		if failed.Load() {
			return
		}
		if putErrs[i] = put(fs[i].path, content); putErrs[i] != nil {
			failed.Store(true)
		}
	})
	if err := firstOf(putErrs); err != nil {
		return err
	}
	var errs diag.List
	for _, err := range problems {
		errs.Merge(err)
	}
	return errs.Err()
}

// firstOf returns the first error of errs that is not nil.
func firstOf(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// render builds and prints f.
func render(f file, p gofile.Printer) ([]byte, error) {
	g, err := f.build()
	if err != nil {
		return nil, err
	}
	return g.Print(p)
}
