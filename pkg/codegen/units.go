package codegen

import (
	"slices"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/emit"
	"github.com/asogen/asogen/pkg/codegen/manifests"
	"github.com/asogen/asogen/pkg/codegen/wiringemit"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/wiring"
)

// An emission unit is one group's generated files: its API and storage packages, the wiring
// hosts of its kinds and its helper, and the samples of its kinds. What they read is the group's
// packages and kinds and the kinds that own them, so a unit's key (see unitKey) is computed from
// the group's inputs alone, and a run emits only the units whose key changed (see Cache).
type unit struct {
	group string
	key   string   // "" without a cache
	reuse bool     // the cache found the unit's files unchanged on disk: not emitted
	paths []string // the unit's files, sorted (a reused unit's from the cache)
}

// unitsOf returns the units to produce: those loadModel keyed (with a cache), or one unkeyed unit
// per group of the model (without).
func unitsOf(in State) []unit {
	if in.Units != nil {
		return slices.Clone(in.Units)
	}
	var units []unit
	for _, k := range in.Model.Kinds {
		if len(units) == 0 || units[len(units)-1].group != k.Group {
			units = append(units, unit{group: k.Group})
		}
	}
	if len(units) == 0 { // a model without kinds (tests): one unit per group of packages
		for _, p := range in.Model.SortedPackages() {
			if len(units) == 0 || units[len(units)-1].group != p.Ref.Group {
				units = append(units, unit{group: p.Ref.Group})
			}
		}
	}
	return units
}

// planUnits fills in the paths of every unit that is not reused: its API files, and with a
// config its wiring and sample files.
func planUnits(cfg *config.Config, m *astmodel.Model, units []unit) ([]unit, *emit.Table, error) {
	emitted := toEmit(units)
	api, err := emit.NewTable(m, func(ref astmodel.PackageRef) bool { return emitted(ref.Group) })
	if err != nil {
		return nil, nil, err
	}
	byGroup := map[string][]string{}
	for ref, paths := range api.Paths() {
		byGroup[ref.Group] = append(byGroup[ref.Group], paths...)
	}
	for i, u := range units {
		if u.reuse {
			continue
		}
		paths := byGroup[u.group]
		if cfg != nil { // nil in tests that emit a model without a config
			only := func(g string) bool { return g == u.group }
			paths = append(paths, wiringemit.Plan(wiring.LayoutOf(cfg), m, only)...)
			paths = append(paths, manifests.SamplePaths(cfg.Output.Samples, m, only)...)
		}
		units[i].paths = slices.Sorted(slices.Values(paths))
	}
	return units, api, nil
}

// toEmit selects the groups of the units that are not reused.
func toEmit(units []unit) func(group string) bool {
	set := map[string]bool{}
	for _, u := range units {
		if !u.reuse {
			set[u.group] = true
		}
	}
	return func(g string) bool { return set[g] }
}

// unitPaths returns every path of the units.
func unitPaths(units []unit) []string {
	var paths []string
	for _, u := range units {
		paths = append(paths, u.paths...)
	}
	return paths
}
