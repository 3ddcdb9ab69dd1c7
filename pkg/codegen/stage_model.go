package codegen

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"maps"
	"slices"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/openapi"
)

const stageLoadModel = "loadModel"

// loadModel reads the OpenAPI specs the config names and builds the type model. With a cache it
// builds only the groups that must be emitted: a group whose record says its config and spec
// files are as they were, and whose files the cache finds unchanged on disk, is not built; its
// kinds come from the record and its unit is reused.
func loadModel() Stage {
	return Stage{
		Name:        stageLoadModel,
		Description: "read the OpenAPI specs named by config.yaml into the type model (only the groups that changed, with a cache)",
		Run: func(env *Env, in State) (State, error) {
			if env.Options.Cache == nil {
				m, err := openapi.Build(env.Ctx, in.Config, env.Specs)
				in.Model = m
				return in, err
			}
			m, units, err := loadIncremental(env.Ctx, in.Config, env.Specs, env.Options.Cache)
			in.Model, in.Units = m, units
			return in, err
		},
	}
}

// loadIncremental builds the groups without a matching record, then decides for every other
// group whether the cache can reuse its unit; a group it cannot reuse is built after all (its
// record stays valid: the same inputs build the same group). It returns the model (the built
// groups' packages, every group's kinds) and every group's unit, keyed.
func loadIncremental(ctx context.Context, cfg *config.Config, specs openapi.Specs, c Cache) (*astmodel.Model, []unit, error) {
	keys := configKeys(cfg)
	groups := slices.Sorted(maps.Keys(keys))
	recs := make([]*groupRecord, len(groups))
	parallel.Do(len(groups), 0, func(i int) { recs[i] = readRecord(c, cfg, specs, groups[i], keys[groups[i]]) })
	kept := map[string]*groupRecord{}
	for i, g := range groups {
		if recs[i] != nil {
			kept[g] = recs[i]
		}
	}
	model := astmodel.NewModel(cfg.Module, cfg.Output.API)
	built := map[string]*groupRecord{}
	build := func(g string) bool { _, ok := kept[g]; return !ok && built[g] == nil }
	for {
		if err := buildInto(ctx, cfg, specs, c, keys, model, built, build); err != nil {
			return nil, nil, err
		}
		kinds := allKinds(kept, built)
		units, again := reusable(c, groups, kept, built, kinds)
		if len(again) == 0 {
			model.Kinds = kinds
			return model, units, nil
		}
		for _, g := range again {
			delete(kept, g)
		}
	}
}

// buildInto builds the groups build selects into model and records each in built and in the cache.
func buildInto(ctx context.Context, cfg *config.Config, specs openapi.Specs, c Cache, keys map[string]string, model *astmodel.Model, built map[string]*groupRecord, build func(string) bool) error {
	m, inputs, err := openapi.BuildGroups(ctx, cfg, specs, build)
	if err != nil {
		return err
	}
	maps.Copy(model.Packages, m.Packages)
	for g, in := range inputs {
		rec := &groupRecord{Config: keys[g], Inputs: in, Kinds: kindsOfGroup(m, g)}
		built[g] = rec
		storeRecord(c, cfg, g, rec)
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

// reusable keys every group's unit and returns the units: a built group's is emitted; a kept
// group's is reused when the cache holds its files unchanged, else its group is returned to be
// built.
func reusable(c Cache, groups []string, kept, built map[string]*groupRecord, kinds []*astmodel.Kind) ([]unit, []string) {
	var units []unit
	var again []string
	for _, g := range groups {
		if rec := built[g]; rec != nil {
			units = append(units, unit{group: g, key: unitKey(rec, kinds)})
			continue
		}
		rec := kept[g]
		key := unitKey(rec, kinds)
		paths, ok := c.Paths(key)
		if !ok || !c.Reuse(key, paths) {
			again = append(again, g)
			continue
		}
		units = append(units, unit{group: g, key: key, reuse: true, paths: paths})
	}
	return units, again
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
