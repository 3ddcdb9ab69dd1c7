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
	"github.com/asogen/asogen/pkg/handwritten"
	"github.com/asogen/asogen/pkg/kubemarkers"
	"github.com/asogen/asogen/pkg/openapi"
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
	Reused   []Reused    // the units loadModel's Reuser reuses (none without one)
	Units    []unit      // the groups' units, planned by planFiles
	Files    []gen.Batch // every file to produce: listed by planFiles, rendered by emitFiles
	Warnings diag.List   // problems that do not stop generation, such as unused hand-written code
}

// Env is what every stage of one run shares and no stage changes: the run's context, what it
// reads besides the config (Inputs), the caller's options and the output the files go to.
type Env struct {
	Ctx         context.Context
	Specs       openapi.Specs
	HandWritten handwritten.Found
	RBAC        kubemarkers.Found
	Options     Options
	Out         *output
}

// Inputs is everything one generation reads, gathered by the caller before it starts (the CLI,
// with pkg/inputs): the config, the spec files, the hand-written methods found in the
// customizations packages, the hand-written `+kubebuilder:rbac` markers that join the
// operator's role (inputs.RBACMarkers), and the options. Generate reads nothing else: no environment
// variable, no file, no process.
type Inputs struct {
	Config      *config.Config
	Specs       openapi.Specs
	HandWritten handwritten.Found
	RBAC        kubemarkers.Found
	Options     Options
}

// Options are the choices a caller makes about how (not what) to generate. The zero value is a
// plain run: every group built and emitted.
type Options struct {
	// Reuse, when set, builds the model and names the units (groups) whose files the output
	// already holds, which are then not emitted: pkg/incremental's decorator sets it.
	Reuse Reuser
	// Printer prints the generated Go files (the CLI sets Restorer from ASOGEN_PRINTER).
	Printer Printer
	// OnStage, when set, is told each stage's name and how long it ran, as it ends (the CLI's -v).
	OnStage func(name string, took time.Duration)
}

// Printer is how the generated Go files are printed: gofile's direct printer, or with Restorer
// set dst's restorer and go/printer (a diagnosis switch; the bytes are the same). Callers set it
// through this name, without reaching into the emitters' packages.
type Printer = gofile.Printer

// Reuser builds the model of a run that reuses earlier output: the packages of the groups it
// must emit, the kinds of every group, and for every other group its unit's paths, which the
// output holds exactly as this run would produce them. Generate plans those paths, vouches for
// them to the sink (fileset.Vouching) and emits the rest.
type Reuser interface {
	Load(ctx context.Context, cfg *config.Config, specs openapi.Specs) (*astmodel.Model, []Reused, error)
}

// Reused is a unit (a group's files) that a run does not emit: its group and its paths, sorted.
type Reused struct {
	Group string
	Paths []string
}

// Result is the outcome of a generation: the path of every generated file, sorted, the output
// roots that hold them (scanned for stale generated files), the warnings, and the units the run
// emitted (on success only; pkg/incremental stores their files' hashes, so the next run can
// reuse them).
type Result struct {
	Paths    []string
	Roots    []string
	Warnings diag.List
	Units    []Unit
}

// Unit is an emitted unit (a group's files, see unit): its group and its paths, sorted.
type Unit struct {
	Group string
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
	env := &Env{Ctx: ctx, Specs: in.Specs, HandWritten: in.HandWritten, RBAC: in.RBAC, Options: in.Options,
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
