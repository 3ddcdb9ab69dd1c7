package codegen

import (
	"fmt"
	"slices"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gen"
)

// An emission unit is one group's generated files: its API and storage packages, the wiring
// hosts of its kinds and its helper, and the samples of its kinds. What they read is the group's
// packages and kinds and the kinds that own them, so a Reuser (pkg/incremental) can key a unit
// on the group's inputs alone and reuse the units whose inputs did not change.
type unit struct {
	group string
	reuse bool     // the Reuser found the unit's files unchanged on disk: not emitted
	paths []string // the unit's files, sorted (a reused unit's from the Reuser)
}

// unitsOf returns a unit per group of the model, the Reuser's reused ones marked with their
// paths; a reused group the model has no kind of is an internal error.
func unitsOf(in State) ([]unit, error) {
	units := groupUnits(in.Model)
	reused := map[string][]string{}
	for _, r := range in.Reused {
		reused[r.Group] = r.Paths
	}
	for i, u := range units {
		if paths, ok := reused[u.group]; ok {
			units[i].reuse, units[i].paths = true, paths
			delete(reused, u.group)
		}
	}
	for g := range reused {
		return nil, fmt.Errorf("internal error: the reused group %s is not in the model", g)
	}
	return units, nil
}

// groupUnits returns one unit per group of the model's kinds, or of its packages when it has no
// kinds (tests that emit a model).
func groupUnits(m *astmodel.Model) []unit {
	var units []unit
	for _, k := range m.Kinds {
		if len(units) == 0 || units[len(units)-1].group != k.Group {
			units = append(units, unit{group: k.Group})
		}
	}
	if len(units) == 0 { // a model without kinds (tests): one unit per group of packages
		for _, p := range m.SortedPackages() {
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

// emittedUnits returns the units that were emitted, not reused.
func emittedUnits(units []unit) []Unit {
	var out []Unit
	for _, u := range units {
		if !u.reuse {
			out = append(out, Unit{Group: u.group, Paths: u.paths})
		}
	}
	return out
}
