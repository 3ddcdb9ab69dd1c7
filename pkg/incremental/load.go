package incremental

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"maps"
	"slices"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/openapi"
)

// loader is the codegen.Reuser of one run: it builds the groups that must be emitted and
// remembers every group's unit key, under which Generate stores the units the run emitted.
type loader struct {
	cache Cache
	keys  map[string]string // unit key by group, set by Load
}

// Load builds the groups without a matching record, then decides for every other group whether
// the cache can reuse its unit; a group it cannot reuse is built after all (its record stays
// valid: the same inputs build the same group). It returns the model (the built groups'
// packages, every group's kinds) and the reused units.
func (l *loader) Load(ctx context.Context, cfg *config.Config, specs openapi.Specs) (*astmodel.Model, []codegen.Reused, error) {
	keys := configKeys(cfg)
	groups := slices.Sorted(maps.Keys(keys))
	kept := l.readRecords(cfg, specs, groups, keys)
	model := astmodel.NewModel(cfg.Module, cfg.Output.API)
	built := map[string]*groupRecord{}
	build := func(g string) bool { _, ok := kept[g]; return !ok && built[g] == nil }
	for {
		if err := l.buildInto(ctx, cfg, specs, keys, model, built, build); err != nil {
			return nil, nil, err
		}
		kinds := allKinds(kept, built)
		reused, again := l.reusable(groups, kept, built, kinds)
		if len(again) == 0 {
			model.Kinds = kinds
			return model, reused, nil
		}
		for _, g := range again {
			delete(kept, g)
		}
	}
}

// readRecords returns the valid record of each of groups, by group (see readRecord).
func (l *loader) readRecords(cfg *config.Config, specs openapi.Specs, groups []string, keys map[string]string) map[string]*groupRecord {
	recs := make([]*groupRecord, len(groups))
	parallel.Do(len(groups), 0, func(i int) { recs[i] = readRecord(l.cache, cfg, specs, groups[i], keys[groups[i]]) })
	kept := map[string]*groupRecord{}
	for i, g := range groups {
		if recs[i] != nil {
			kept[g] = recs[i]
		}
	}
	return kept
}

// buildInto builds the groups build selects into model and records each in built and in the cache.
func (l *loader) buildInto(ctx context.Context, cfg *config.Config, specs openapi.Specs, keys map[string]string, model *astmodel.Model, built map[string]*groupRecord, build func(string) bool) error {
	m, inputs, err := openapi.BuildGroups(ctx, cfg, specs, build)
	if err != nil {
		return err
	}
	maps.Copy(model.Packages, m.Packages)
	for g, in := range inputs {
		rec := &groupRecord{Config: keys[g], Inputs: in, Kinds: kindsOfGroup(m, g)}
		built[g] = rec
		storeRecord(l.cache, cfg, g, rec)
	}
	return nil
}

// allKinds returns the kinds of every group, sorted as a model's.
func allKinds(groups ...map[string]*groupRecord) []*astmodel.Kind {
	m := &astmodel.Model{}
	for _, recs := range groups {
		for _, rec := range recs {
			m.Kinds = append(m.Kinds, rec.Kinds...)
		}
	}
	m.SortKinds()
	return m.Kinds
}

// reusable keys every group's unit (l.keys) and returns the reused units: a kept group's unit is
// reused when the cache holds its files unchanged, else its group is returned to be built. A
// built group's unit is emitted.
func (l *loader) reusable(groups []string, kept, built map[string]*groupRecord, kinds []*astmodel.Kind) ([]codegen.Reused, []string) {
	l.keys = map[string]string{}
	var reused []codegen.Reused
	var again []string
	for _, g := range groups {
		rec := built[g]
		if rec == nil {
			rec = kept[g]
		}
		key := unitKey(rec, kinds)
		l.keys[g] = key
		if built[g] != nil {
			continue
		}
		paths, ok := l.cache.Paths(key)
		if !ok || !l.cache.Reuse(key, paths) {
			again = append(again, g)
			continue
		}
		reused = append(reused, codegen.Reused{Group: g, Paths: paths})
	}
	return reused, again
}

// unitKey is the key of a group's unit: its inputs and the kinds of other groups that own its
// kinds (hosts and samples name them).
func unitKey(rec *groupRecord, kinds []*astmodel.Kind) string {
	var owners []*astmodel.Kind
	for _, k := range rec.Kinds {
		if k.Owner == nil || k.Owner.Group == k.Group {
			continue
		}
		for _, o := range kinds {
			if o.Group == k.Owner.Group && o.Name == k.Owner.Kind && !slices.Contains(owners, o) {
				owners = append(owners, o)
			}
		}
	}
	raw, _ := json.Marshal(owners)
	sum := sha256.Sum256(append([]byte(rec.inputKey()+"\x00"), raw...))
	return hex.EncodeToString(sum[:])
}
