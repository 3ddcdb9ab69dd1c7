package codegen

import (
	"slices"

	"github.com/asogen/asogen/pkg/codegen/gen"
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

// withPaths fills in the paths of every unit that is not reused: the paths of the files of its
// group, sorted.
func withPaths(units []unit, files []gen.Batch) []unit {
	byGroup := map[string][]string{}
	for _, b := range files {
		for _, f := range b {
			byGroup[f.Group] = append(byGroup[f.Group], f.Path)
		}
	}
	for i, u := range units {
		if !u.reuse {
			units[i].paths = slices.Sorted(slices.Values(byGroup[u.group]))
		}
	}
	return units
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

// reusedPaths returns every path of the reused units.
func reusedPaths(units []unit) []string {
	var paths []string
	for _, u := range units {
		if u.reuse {
			paths = append(paths, u.paths...)
		}
	}
	return paths
}

// emittedUnits returns the keyed units that were emitted, not reused.
func emittedUnits(units []unit) []Unit {
	var out []Unit
	for _, u := range units {
		if !u.reuse && u.key != "" {
			out = append(out, Unit{Key: u.key, Paths: u.paths})
		}
	}
	return out
}
