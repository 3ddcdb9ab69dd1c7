// Package codegen is asogen's one generation path: Generate turns a config into the generated
// files, through a pipeline of named stages, and hands each file to a sink as it is printed.
package codegen

import (
	"context"
	"fmt"
	"time"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/fileset"
	"github.com/asogen/asogen/pkg/openapi"
	"github.com/asogen/asogen/pkg/wiring/handwritten"
)

// Stage is one step of the pipeline. Requires names the stages that must run before it; the
// order is checked before anything runs. Run takes the state the previous stage returned and
// returns the next one; it never changes what it was given. Files leave through env's output.
type Stage struct {
	Name        string
	Description string
	Requires    []string
	Run         func(env *Env, in State) (State, error)
}

// State is what one stage hands to the next: the config, the model as refined so far, the
// planned API files and the warnings found so far. A stage returns a new State with the fields
// it produces set and the others as it received them.
type State struct {
	Config   *config.Config
	Model    *astmodel.Model
	Units    []unit      // the groups' units: keyed and some reused by loadModel (with a cache), planned by planFiles
	Files    []gen.Batch // every file to produce: listed by planFiles, rendered by emitFiles
	Warnings diag.List   // problems that do not stop generation, such as unused hand-written code
}

// Env is what every stage of one run shares and no stage changes: the run's context, what it
// reads besides the config (Inputs), the caller's options and the output the files go to.
type Env struct {
	Ctx         context.Context
	Specs       openapi.Specs
	HandWritten handwritten.Found
	Options     Options
	Out         *output
}

// Inputs is everything one generation reads, gathered by the caller before it starts (the CLI,
// with pkg/inputs): the config, the spec files, the hand-written methods found in the
// customizations packages, and the options. Generate reads nothing else: no environment
// variable, no file, no process.
type Inputs struct {
	Config      *config.Config
	Specs       openapi.Specs
	HandWritten handwritten.Found
	Options     Options
}

// Options are the choices a caller makes about how (not what) to generate. The zero value is a
// plain run: no emission cache.
type Options struct {
	// Cache lets emission skip the units (groups) whose inputs did not change; nil: none. The
	// CLI passes an emitcache.Dir.
	Cache Cache
	// Printer prints the generated Go files (the CLI sets Restorer from ASOGEN_PRINTER).
	Printer gofile.Printer
	// OnStage, when set, is told each stage's name and how long it ran, as it ends (the CLI's -v).
	OnStage func(name string, took time.Duration)
}

// Cache remembers what emission produced for a unit key, and a record of each group's last
// build. Generate computes the keys from the config and the spec files (see unitKey); what a
// key's files are and whether the output still holds them is the cache's business, so Generate
// itself reads nothing but the config and the specs. Generate stores records, never units: the
// caller stores the units a run emitted (Result.Units, emitcache.Recorder).
type Cache interface {
	// Paths returns the paths (sorted) stored under key; planning takes them instead of planning
	// the unit again.
	Paths(key string) ([]string, bool)
	// Reuse reports whether the output holds exactly the files stored under key, and they are
	// exactly paths (sorted). When it does, the unit is not emitted: the sink is told its
	// files are unchanged.
	Reuse(key string, paths []string) bool
	// Record returns the data last stored under name by StoreRecord.
	Record(name string) ([]byte, bool)
	// StoreRecord keeps data under name (a group's record: see groupRecord).
	StoreRecord(name string, data []byte)
}

// Result is the outcome of a generation: the path of every generated file, sorted, the output
// roots that hold them (scanned for stale generated files), the warnings, and with a cache the
// units the run emitted (on success only): the caller stores their files' hashes under their
// keys (emitcache.Recorder), so the next run can reuse them.
type Result struct {
	Paths    []string
	Roots    []string
	Warnings diag.List
	Units    []Unit
}

// Unit is an emitted unit (a group's files, see unit): the cache key of its inputs and its
// paths, sorted.
type Unit struct {
	Key   string
	Paths []string
}

// pipeline returns every stage in running order: the table of contents of generation.
func pipeline() []Stage {
	return []Stage{
		loadModel(),       // stage_model.go: config.yaml and OpenAPI specs → astmodel.Model
		storageVariants(), // stage_storage.go: a storage package beside every API package
		armTypes(),        // stage_armtypes.go: the ARM payload types of every API package
		conversionPlans(), // stage_conversions.go: how every non-hub package converts to and from its hubs
		checkWiring(),     // stage_wiring.go: validate the extensions, check the hand-written code
		planFiles(),       // stage_plan.go: every output path, checked by the sink
		emitFiles(),       // stage_emit.go: API types, storage, hub, conversions, ARM code, wiring, manifests, samples
	}
}

// Generate runs the pipeline for in.Config and hands every generated file to sink as soon as
// it is printed; no file is kept. Every check that can reject the input, including the sink's
// check of every output path (sink.Plan), runs before the first file is produced, so bad input
// is refused before anything is written. Errors are diag.List values naming the input files;
// errors of the sink come back as they are. Once ctx is done the run stops at its next step (a
// stage, a spec package, a file) with ctx's error. The Result is never nil: on error it still
// carries the warnings found before it. The options change only the time, never the files.
func Generate(ctx context.Context, in Inputs, sink fileset.Sink) (*Result, error) {
	roots := OutputRoots(in.Config)
	env := &Env{Ctx: ctx, Specs: in.Specs, HandWritten: in.HandWritten, Options: in.Options,
		Out: newOutput(ctx, sink, roots)}
	last, err := run(env, State{Config: in.Config}, pipeline())
	res := &Result{Paths: env.Out.paths, Roots: roots, Warnings: last.Warnings}
	if err == nil {
		res.Units = emittedUnits(last.Units)
	}
	return res, err
}

// OutputRoots are the output roots of cfg, scanned for stale generated files.
func OutputRoots(cfg *config.Config) []string {
	return []string{cfg.Output.API, cfg.Output.Registry, cfg.Output.Manifests, cfg.Output.Samples}
}

// run checks every stage's prerequisites, runs the stages in order, each on the state the
// previous one returned, then checks that every planned file was produced. It returns the last
// state reached (on error, the one before the failing stage).
func run(env *Env, st State, stages []Stage) (State, error) {
	if err := checkOrder(stages); err != nil {
		return st, err
	}
	for _, s := range stages {
		if err := env.Ctx.Err(); err != nil {
			return st, err
		}
		start := time.Now()
		next, err := s.Run(env, st)
		if env.Options.OnStage != nil {
			env.Options.OnStage(s.Name, time.Since(start))
		}
		if err != nil {
			return st, err
		}
		st = next
	}
	return st, env.Out.complete()
}

// checkOrder reports a stage whose prerequisite is missing or runs after it.
func checkOrder(stages []Stage) error {
	seen := map[string]bool{}
	for _, s := range stages {
		for _, r := range s.Requires {
			if !seen[r] {
				return fmt.Errorf("pipeline: stage %q requires %q to run before it", s.Name, r)
			}
		}
		if seen[s.Name] {
			return fmt.Errorf("pipeline: stage %q appears twice", s.Name)
		}
		seen[s.Name] = true
	}
	return nil
}
