package codegen

import (
	"encoding/json"
	"slices"

	"github.com/asogen/asogen/pkg/codegen/wiringemit"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/wiring"
)

const (
	stageCheckWiring = "checkWiring"
	stageEmitWiring  = "emitWiring"
)

// checkWiring validates the configured extensions and checks them against the hand-written code
// in the customizations packages. Any problem stops generation before anything is produced; all
// problems are reported together. With a cache, a check that passed on the same kinds and the
// same hand-written files (wiring.CheckKey) is not run again: its warnings are taken as they were.
func checkWiring() Stage {
	return Stage{
		Name:        stageCheckWiring,
		Description: "typed extension wiring: validate the configured extensions, check the hand-written code",
		Requires:    []string{stageLoadModel, stageStorageVariants},
		Run:         checkExtensions,
	}
}

func checkExtensions(env *Env, in State) (State, error) {
	var errs diag.List
	errs.Merge(wiring.Validate(in.Config, in.Model))
	if len(errs) > 0 {
		return in, errs.Err()
	}
	c, key := env.Options.Cache, ""
	if c != nil {
		key = wiring.CheckKey(in.Config, in.Model)
		if warnings, ok := passedCheck(c, in.Config, key); ok {
			in.Warnings = slices.Concat(in.Warnings, warnings)
			return in, nil
		}
	}
	rep, err := wiring.Check(in.Config, in.Model)
	errs.Merge(err)
	if rep != nil {
		errs = append(errs, rep.Errors...)
	}
	if len(errs) == 0 { // warnings are printed with a run that passes the check
		in.Warnings = slices.Concat(in.Warnings, rep.Unused)
		if c != nil && key != "" {
			storeCheck(c, in.Config, checkRecord{Key: key, Warnings: rep.Unused})
		}
	}
	return in, errs.Err()
}

// checkRecord is what the cache keeps of the last passing check of the hand-written code: the
// key of what it read (wiring.CheckKey) and its warnings.
type checkRecord struct {
	Key      string
	Warnings diag.List
}

func checkRecordName(cfg *config.Config) string { return "check\x00" + cfg.Path }

// passedCheck returns the warnings of the last passing check when it read what key covers.
func passedCheck(c Cache, cfg *config.Config, key string) (diag.List, bool) {
	raw, ok := c.Record(checkRecordName(cfg))
	var rec checkRecord
	if key == "" || !ok || json.Unmarshal(raw, &rec) != nil || rec.Key != key {
		return nil, false
	}
	return rec.Warnings, true
}

func storeCheck(c Cache, cfg *config.Config, rec checkRecord) {
	if raw, err := json.Marshal(rec); err == nil {
		c.StoreRecord(checkRecordName(cfg), raw)
	}
}

// emitWiring prints the registry, and the extension hosts (with their dispatch) and helpers of
// the units that are not reused.
func emitWiring() Stage {
	return Stage{
		Name:        stageEmitWiring,
		Description: "typed extension wiring: print hosts, dispatch and registry",
		Requires:    []string{stageCheckWiring, stagePlan, stageEmitAPI},
		Run: func(env *Env, in State) (State, error) {
			emitted := toEmit(in.Units)
			keep := func(g string) bool { return g == "" || emitted(g) } // the registry, and the units emitted
			return in, wiringemit.Emit(wiring.LayoutOf(in.Config), in.Model, env.Options.Printer, keep, env.Out.put)
		},
	}
}
