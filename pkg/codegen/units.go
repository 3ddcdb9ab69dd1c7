package codegen

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"reflect"
	"slices"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/emit"
)

// An emission unit is one group's packages: the smallest set emission reads as a whole (a
// package's conversions read the group's hub, its resources read the group's kinds). Each unit
// has a key covering everything its emission reads, so a run re-emits only the units whose key
// changed (see Cache).
type unit struct {
	group string
	key   string   // "" when the model cannot be fingerprinted
	paths []string // the unit's planned files, sorted
}

// planUnits plans the API files of every group and keys each group (with a cache): a hash of the
// module and API root, the group's packages and kinds, and every package outside the group that
// they name. A group whose key the cache has stored takes its paths from the cache: one key
// always gives the same files, so planning it again would give the same list.
func planUnits(m *astmodel.Model, c Cache) ([]unit, error) {
	var keys map[string]string
	if c != nil {
		keys = unitKeys(m)
	}
	stored := map[string][]string{}
	for g, k := range keys {
		if paths, ok := c.Paths(k); ok {
			stored[g] = paths
		}
	}
	plan, err := emit.PlanPackagesOf(m, func(ref astmodel.PackageRef) bool { _, ok := stored[ref.Group]; return !ok })
	if err != nil {
		return nil, err
	}
	byGroup := stored
	for ref, paths := range plan {
		byGroup[ref.Group] = append(byGroup[ref.Group], paths...)
	}
	units := make([]unit, 0, len(byGroup))
	for _, g := range slices.Sorted(maps.Keys(byGroup)) {
		units = append(units, unit{group: g, key: keys[g], paths: slices.Sorted(slices.Values(byGroup[g]))})
	}
	return units, nil
}

// packageSum is one package's hash and the packages its definitions name.
type packageSum struct {
	sum   [sha256.Size]byte
	names map[astmodel.PackageRef]bool
	err   error
}

// unitKeys returns the key of every group of m; nil when any package cannot be hashed.
func unitKeys(m *astmodel.Model) map[string]string {
	pkgs := m.SortedPackages()
	sums := make([]packageSum, len(pkgs))
	parallel.Do(len(pkgs), 0, func(i int) {
		s := &sums[i]
		s.sum, s.names, s.err = hashNaming(reflect.ValueOf(pkgs[i]))
	})
	byRef := make(map[astmodel.PackageRef]packageSum, len(pkgs))
	for i, p := range pkgs {
		if sums[i].err != nil {
			return nil
		}
		byRef[p.Ref] = sums[i]
	}
	keys := map[string]string{}
	for g, refs := range refsByGroup(pkgs) {
		k, err := groupKey(m, g, refs, byRef)
		if err != nil {
			return nil
		}
		keys[g] = k
	}
	return keys
}

// refsByGroup lists the packages of each group, in the order of pkgs.
func refsByGroup(pkgs []*astmodel.Package) map[string][]astmodel.PackageRef {
	out := map[string][]astmodel.PackageRef{}
	for _, p := range pkgs {
		out[p.Ref.Group] = append(out[p.Ref.Group], p.Ref)
	}
	return out
}

// groupKey hashes what emission of group g (whose packages are refs, sorted) reads.
func groupKey(m *astmodel.Model, g string, refs []astmodel.PackageRef, byRef map[astmodel.PackageRef]packageSum) (string, error) {
	kinds := slices.DeleteFunc(slices.Clone(m.Kinds), func(k *astmodel.Kind) bool { return k.Group != g })
	rest, err := hashValue(reflect.ValueOf([]any{m.Module, m.APIRoot, kinds}))
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write(rest[:])
	named := map[astmodel.PackageRef]bool{}
	for _, ref := range refs {
		s := byRef[ref]
		h.Write(s.sum[:])
		maps.Copy(named, s.names)
	}
	for _, ref := range sortedRefs(named) { // packages of other groups that the group names
		if s, ok := byRef[ref]; ok && ref.Group != g {
			h.Write([]byte(ref.String()))
			h.Write(s.sum[:])
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func sortedRefs[V any](refs map[astmodel.PackageRef]V) []astmodel.PackageRef {
	return slices.SortedFunc(maps.Keys(refs), astmodel.ComparePackageRefs)
}
